import { dashboardRoutes } from '@cellar/shared/dashboard/routes';
import { resourceHandler } from '../platform/http/pipeline';
import { getDashboard } from './service';

export const handler = resourceHandler(dashboardRoutes, {
  dashboardGet: async ({ caller, query }) => getDashboard(caller, query.ownerId),
});
