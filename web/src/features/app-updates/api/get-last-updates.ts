import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export const lastUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: ['app-updates', 'last'],
    queryFn: () => callRoute(routes.lastUpdates),
    staleTime: 5 * 60_000,
  });

/** The badge: how many updates were published recently, and since when. */
export const useLastUpdates = () => useQuery(lastUpdatesQueryOptions());
