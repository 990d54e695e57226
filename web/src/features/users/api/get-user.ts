import { routes } from '@cellar/shared/routes/table';
import type { User } from '@cellar/shared/users/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The edit modal needs the company's warehouses (the choices) and the children. */
const USER_DETAIL_INCLUDE = ['warehouses', 'company', 'company.warehouses', 'children'];

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', id],
    queryFn: () =>
      callRoute(routes.userGet, { params: { id }, query: { include: USER_DETAIL_INCLUDE } }) as Promise<User>,
  });

export const useUserDetail = (id: string) => useQuery(userQueryOptions(id));
