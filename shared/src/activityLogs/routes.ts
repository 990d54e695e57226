/** Activity logs and their statistics (spec 1). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute } from '../api/route';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { MESSAGES } from '../validation/validators';
import { statsPeriod } from './period';
import { activityLogInputSchema, activityLogSchema } from './schemas';

export const ACTIVITY_LOG_LIST = {
  filters: ['type', 'pageName', 'createdAt', 'user.company.code', 'user.email'],
  sorts: ['createdAt'],
  // Newest first by the key; a date range and one company narrow it, the other filters are checked on the rows.
  indexes: { createdAt: 'key' },
  includes: ['user', 'user.company'],
  params: EXPORT_PARAMS,
  /** The statistics export's fixed columns (header Type;Page;Date;Compagnie;Nom;Prénom;Email). */
  columns: ['type', 'pageName', 'createdAt', 'user.company.code', 'user.lastname', 'user.firstname', 'user.email'],
} as const;

/**
 * The statistics' period, once its missing bounds are filled (`statsPeriod`): at most a year (366 days), its end
 * not before its start — so that one request, whoever sends it, reads at most 13 months of counts.
 */
const statsRangeQuery = z
  .strictObject({ start_date: z.iso.date().optional(), end_date: z.iso.date().optional() })
  .superRefine((q, ctx) => {
    const { start, end } = statsPeriod(q);
    const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
    if (!(days >= 0 && days <= 365)) ctx.addIssue({ code: 'custom', message: MESSAGES.statsRange, path: ['end_date'] });
  });

export const activityLogRoutes = {
  activityLogList: defineRoute({
    method: 'GET',
    path: '/api/activity-logs',
    resource: 'activityLogs',
    access: ACCESS.reader,
    list: ACTIVITY_LOG_LIST,
    csv: true,
    response: paged(activityLogSchema),
  }),
  activityLogCreate: defineRoute({
    method: 'POST',
    path: '/api/activity-logs',
    resource: 'activityLogs',
    access: ACCESS.reader,
    body: activityLogInputSchema,
    status: 204,
  }),
  activityStats: defineRoute({
    method: 'GET',
    path: '/api/activity-logs/stats',
    resource: 'activityLogs',
    access: ACCESS.reader,
    query: statsRangeQuery,
    response: z.array(
      z.object({
        company: z.string(),
        type: z.string(),
        pageName: z.string(),
        /** YYYY-MM-DD → page views that day. */
        days: z.record(z.string(), z.number().int()),
      }),
    ),
  }),
} as const;
