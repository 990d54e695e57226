/** App updates (spec 1). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../api/route';
import { paged } from '../common/schemas';
import { appUpdateInputSchema, appUpdateSchema } from './schemas';

export const appUpdateRoutes = {
  appUpdateList: defineRoute({
    method: 'GET',
    path: '/api/app-updates',
    resource: 'appUpdates',
    access: ACCESS.reader,
    list: { filters: ['date'], sorts: ['date'], indexes: { date: 'key' }, includes: [] },
    response: paged(appUpdateSchema),
  }),
  appUpdateCreate: defineRoute({
    method: 'POST',
    path: '/api/app-update',
    resource: 'appUpdates',
    access: ACCESS.superadmin,
    body: appUpdateInputSchema,
    response: appUpdateSchema,
    status: 201,
  }),
  appUpdateDelete: defineRoute({
    method: 'DELETE',
    path: '/api/app-update/{id}',
    resource: 'appUpdates',
    access: ACCESS.superadmin,
    params: idParams,
    status: 204,
  }),
  lastUpdates: defineRoute({
    method: 'GET',
    path: '/api/last-updates',
    resource: 'appUpdates',
    access: ACCESS.reader,
    response: z.object({ count: z.number().int(), since: z.string() }),
  }),
} as const;
