/** Grid preferences, warehouses, app updates and activity logs (spec 1). */
import { z } from 'zod';
import { ACCESS } from '../auth/roles';
import { EXPORT_PARAMS } from '../filter/query';
import {
  activityLogInputSchema,
  activityLogSchema,
  appUpdateInputSchema,
  appUpdateSchema,
  preferenceInputSchema,
  preferenceSchema,
  preferenceSlug,
} from '../schemas/activity';
import { paged, warehouseSchema } from '../schemas/common';
import { defineRoute, idParams } from './define';

export const ACTIVITY_LOG_LIST = {
  filters: ['type', 'pageName', 'createdAt', 'user.company.code', 'user.email'],
  sorts: ['createdAt'],
  includes: ['user', 'user.company'],
  params: EXPORT_PARAMS,
  /** The statistics export's fixed columns (header Type;Page;Date;Compagnie;Nom;Prénom;Email). */
  columns: ['type', 'pageName', 'createdAt', 'user.company.code', 'user.lastname', 'user.firstname', 'user.email'],
} as const;

export const platformRoutes = {
  preferenceList: defineRoute({
    id: 'preferences.list',
    method: 'GET',
    path: '/api/preferences',
    resource: 'preferences',
    access: ACCESS.reader,
    response: z.array(preferenceSchema),
  }),
  preferenceGet: defineRoute({
    id: 'preferences.get',
    method: 'GET',
    path: '/api/preferences/{slug}',
    resource: 'preferences',
    access: ACCESS.reader,
    params: z.object({ slug: preferenceSlug }),
    response: preferenceSchema.nullable(),
  }),
  preferencePut: defineRoute({
    id: 'preferences.put',
    method: 'PUT',
    path: '/api/preferences/{slug}',
    resource: 'preferences',
    access: ACCESS.reader,
    params: z.object({ slug: preferenceSlug }),
    body: preferenceInputSchema,
    response: preferenceSchema,
  }),
  preferenceDelete: defineRoute({
    id: 'preferences.delete',
    method: 'DELETE',
    path: '/api/preferences/{slug}',
    resource: 'preferences',
    access: ACCESS.reader,
    params: z.object({ slug: preferenceSlug }),
    status: 204,
  }),

  warehouseList: defineRoute({
    id: 'warehouses.list',
    method: 'GET',
    path: '/api/warehouses',
    resource: 'warehouses',
    access: ACCESS.reader,
    response: z.array(warehouseSchema),
  }),

  appUpdateList: defineRoute({
    id: 'appUpdates.list',
    method: 'GET',
    path: '/api/app-updates',
    resource: 'appUpdates',
    access: ACCESS.reader,
    list: { filters: ['date'], sorts: ['date'], includes: [] },
    response: paged(appUpdateSchema),
  }),
  appUpdateCreate: defineRoute({
    id: 'appUpdates.create',
    method: 'POST',
    path: '/api/app-update',
    resource: 'appUpdates',
    access: ACCESS.superadmin,
    body: appUpdateInputSchema,
    response: appUpdateSchema,
    status: 201,
  }),
  appUpdateDelete: defineRoute({
    id: 'appUpdates.delete',
    method: 'DELETE',
    path: '/api/app-update/{id}',
    resource: 'appUpdates',
    access: ACCESS.superadmin,
    params: idParams,
    status: 204,
  }),
  lastUpdates: defineRoute({
    id: 'appUpdates.last',
    method: 'GET',
    path: '/api/last-updates',
    resource: 'appUpdates',
    access: ACCESS.reader,
    response: z.object({ count: z.number().int(), since: z.string() }),
  }),

  activityLogList: defineRoute({
    id: 'activityLogs.list',
    method: 'GET',
    path: '/api/activity-logs',
    resource: 'activityLogs',
    access: ACCESS.reader,
    list: ACTIVITY_LOG_LIST,
    csv: true,
    response: paged(activityLogSchema),
  }),
  activityLogCreate: defineRoute({
    id: 'activityLogs.create',
    method: 'POST',
    path: '/api/activity-logs',
    resource: 'activityLogs',
    access: ACCESS.reader,
    body: activityLogInputSchema,
    status: 204,
  }),
  activityStats: defineRoute({
    id: 'activityLogs.stats',
    method: 'GET',
    path: '/api/activity-logs/stats',
    resource: 'activityLogs',
    access: ACCESS.reader,
    query: z.strictObject({ start_date: z.iso.date().optional(), end_date: z.iso.date().optional() }),
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
