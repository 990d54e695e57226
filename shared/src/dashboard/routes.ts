/** The dashboard (spec 1 §2, §7: GET /dashboard). Every signed-in user has one; its parts follow the scopes. */
import { ACCESS } from '../access/roles';
import { defineRoute } from '../api/route';
import { dashboardQuery, dashboardSchema } from './schemas';

export const dashboardRoutes = {
  dashboardGet: defineRoute({
    method: 'GET',
    path: '/api/dashboard',
    resource: 'dashboard',
    access: ACCESS.reader,
    query: dashboardQuery,
    response: dashboardSchema,
  }),
} as const;
