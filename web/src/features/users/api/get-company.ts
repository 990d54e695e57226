import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, callRoute } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { routeKey } from '../../../lib/route-key';

const WITH_WAREHOUSES = { include: ['warehouses'] };

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.companyGet, { id }, WITH_WAREHOUSES),
    queryFn: () =>
      callRoute(routes.companyGet, {
        params: { id },
        query: WITH_WAREHOUSES,
        // An unknown company is answered by /404, not by a notice.
        quietStatuses: [404, 422],
      }),
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
