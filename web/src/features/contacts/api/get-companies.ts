import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The accounts a superadmin picks an owner from, with their warehouses and segments. */
const ACCOUNT_PAGE_SIZE = 500;

export const useCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: ['companies', 'light'],
    queryFn: () =>
      callRoute(routes.companyList, {
        query: {
          sort: [{ field: 'code', desc: false }],
          paginate: ACCOUNT_PAGE_SIZE,
          include: ['warehouses', 'segments'],
        },
      }),
    select: (page) => page.data,
    staleTime: 5 * 60_000,
    enabled,
  });
