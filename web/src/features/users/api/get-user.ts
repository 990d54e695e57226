import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The edit modal needs the company's warehouses (the choices) and the children. */
const USER_DETAIL_QUERY = { include: ['warehouses', 'company', 'company.warehouses', 'children'] };

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.userGet, { id }, USER_DETAIL_QUERY),
    queryFn: () => callRoute(routes.userGet, { params: { id }, query: USER_DETAIL_QUERY }),
  });

export const useUserDetail = (id: string) => useQuery(userQueryOptions(id));
