import type { companyRefSchema } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api-client';

type Account = z.infer<typeof companyRefSchema>;

const ACCOUNT_PAGE_SIZE = 500;

/** The accounts a superadmin picks a product's owner from: warehouses and the top-agent flag come with them. */
export const useCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: ['companies', 'light', 'products'],
    queryFn: () =>
      callRoute(routes.companyList, {
        query: { sort: [{ field: 'code', desc: false }], paginate: ACCOUNT_PAGE_SIZE, params: { light: '1' } },
      }),
    select: (page) => page.data as Account[],
    staleTime: 5 * 60_000,
    enabled,
  });
