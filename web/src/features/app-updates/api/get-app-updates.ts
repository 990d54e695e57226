import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The dialog shows the ten newest updates. */
const LAST_UPDATES_QUERY = { sort: [{ field: 'date', desc: true }], paginate: 10 };

export const appUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.appUpdateList, undefined, LAST_UPDATES_QUERY),
    queryFn: () => callRoute(routes.appUpdateList, { query: LAST_UPDATES_QUERY }),
    select: (page) => page.data,
  });

export const useAppUpdates = (enabled: boolean) => useQuery({ ...appUpdatesQueryOptions(), enabled });
