import type { companyRefSchema } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api-client';

/** The list answers every company with its id (the table's partial company shape leaves it optional). */
type Account = z.infer<typeof companyRefSchema>;

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
    select: (page) => page.data as Account[],
    staleTime: 5 * 60_000,
    enabled,
  });
