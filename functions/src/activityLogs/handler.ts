import { activityLogRoutes } from '@cellar/shared/activityLogs/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { logList } from './list';
import { recordPageView, stats } from './service';

export const handler = resourceHandler(activityLogRoutes, {
  activityLogList: async ({ caller, list, lang }) => answerList(await logList(caller, list), list, lang),
  activityLogCreate: async ({ caller, body }) => recordPageView(caller, body.pageName),
  activityStats: async ({ caller, query }) => stats(caller, query.start_date, query.end_date),
});
