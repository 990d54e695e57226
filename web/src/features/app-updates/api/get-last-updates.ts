import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

export const lastUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.lastUpdates),
    queryFn: () => callRoute(routes.lastUpdates),
    staleTime: 5 * 60_000,
  });

/** The badge: how many updates were published recently, and since when. */
export const useLastUpdates = () => useQuery(lastUpdatesQueryOptions());
