import { routes } from '@cellar/shared/routes/table';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The figures move with every order, reception and stock change: they refresh on their own, and on focus. */
export const DASHBOARD_REFRESH_MS = 15_000;

export const dashboardQueryOptions = (ownerId: string | null) => {
  const params: Record<string, string> = ownerId ? { ownerId } : {};
  const query = { params };
  return queryOptions({
    queryKey: routeKey(routes.dashboardGet, undefined, query),
    // A failure is said on the page, with a retry, as the grids say theirs.
    queryFn: () => callRoute(routes.dashboardGet, { query, quiet: true }),
  });
};

/** The dashboard of the caller's company, or of the owner the superadmin chose (every owner with none). */
export const useDashboard = (ownerId: string | null) =>
  useQuery({
    ...dashboardQueryOptions(ownerId),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
