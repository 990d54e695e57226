import type { Company } from '@cellar/shared/companies/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, callRoute } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['companies', id],
    queryFn: () =>
      callRoute(routes.companyGet, {
        params: { id },
        query: { include: ['warehouses'] },
        // An unknown company is answered by /404, not by a notice.
        quietStatuses: [404, 422],
      }) as Promise<Company>,
  });

/** Loads the company of /client-user/{companyId}/…; an unknown one leads to /404 (spec 1 §8). */
export async function loadCompany(companyId: string | undefined) {
  if (!companyId) return null;
  try {
    return await queryClient.ensureQueryData(companyQueryOptions(companyId));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw redirect(paths.notFound.path);
    }
    throw error;
  }
}

export const useCompany = (id: string) => useSuspenseQuery(companyQueryOptions(id)).data;
