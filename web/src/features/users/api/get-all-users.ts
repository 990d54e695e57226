import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

const ALL_USERS_QUERY = { sort: [{ field: 'lastname', desc: false }], include: ['company'], paginate: MAX_PAGE_SIZE };

/** Every user, for the superadmin's choice of children in the edit modal. */
export const useAllUsers = (enabled: boolean) =>
  useQuery({
    queryKey: routeKey(routes.userList, undefined, ALL_USERS_QUERY),
    queryFn: () => callRoute(routes.userList, { query: ALL_USERS_QUERY }),
    select: (page) => page.data,
    staleTime: 60_000,
    enabled,
  });
