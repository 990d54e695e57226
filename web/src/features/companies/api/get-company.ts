import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

const COMPANY_DETAIL_QUERY = { include: ['address', 'warehouses', 'segments', 'permissions'] };

export const companyDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.companyGet, { id }, COMPANY_DETAIL_QUERY),
    queryFn: () => callRoute(routes.companyGet, { params: { id }, query: COMPANY_DETAIL_QUERY }),
  });

export const useCompanyDetail = (id: string) => useQuery(companyDetailQueryOptions(id));
