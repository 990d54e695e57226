import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** Every user, for the superadmin's choice of children in the edit modal. */
export const useAllUsers = (enabled: boolean) =>
  useQuery({
    queryKey: ['users', 'all'],
    queryFn: () =>
      callRoute(routes.userList, {
        query: { sort: [{ field: 'lastname', desc: false }], include: ['company'], paginate: MAX_PAGE_SIZE },
      }),
    select: (page) => page.data,
    staleTime: 60_000,
    enabled,
  });
