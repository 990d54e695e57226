import { activityLogRoutes } from '@cellar/shared/activityLogs/routes';
import { resourceHandler } from '../platform/http';
import { exportLogs, listLogs, recordPageView, stats } from './service';

export const handler = resourceHandler(activityLogRoutes, {
  activityLogList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportLogs(caller, list) : listLogs(caller, list),
  activityLogCreate: async ({ caller, body }) => recordPageView(caller, body.pageName),
  activityStats: async ({ caller, query }) => stats(caller, query.start_date, query.end_date),
});
