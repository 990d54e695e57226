import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The accounts a superadmin creates users for, with their warehouses (the light variant). */
export const useCompanyChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['companies', 'user-form-choices'],
    queryFn: () =>
      callRoute(routes.companyList, {
        query: { sort: [{ field: 'code', desc: false }], paginate: MAX_PAGE_SIZE, params: { light: '1' } },
      }),
    select: (page) => page.data,
    staleTime: 5 * 60_000,
    enabled,
  });
