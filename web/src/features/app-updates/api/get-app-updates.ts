import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The dialog shows the ten newest updates. */
const LAST_UPDATES = 10;

export const appUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: ['app-updates', 'list'],
    queryFn: () =>
      callRoute(routes.appUpdateList, { query: { sort: [{ field: 'date', desc: true }], paginate: LAST_UPDATES } }),
    select: (page) => page.data,
  });

export const useAppUpdates = (enabled: boolean) => useQuery({ ...appUpdatesQueryOptions(), enabled });
