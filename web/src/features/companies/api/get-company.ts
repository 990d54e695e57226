import type { Company } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export const companyDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['companies', id, 'detail'],
    queryFn: () =>
      callRoute(routes.companyGet, {
        params: { id },
        query: { include: ['address', 'warehouses', 'segments', 'permissions'] },
      }) as Promise<Company>,
  });

export const useCompanyDetail = (id: string) => useQuery(companyDetailQueryOptions(id));
