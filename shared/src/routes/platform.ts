/** Grid preferences, warehouses, app updates and activity logs (spec 1). */
import { z } from 'zod';
import { ACCESS } from '../auth/roles';
import { preferenceInputSchema, preferenceSchema, preferenceSlug } from '../schemas/activity';
import { warehouseSchema } from '../schemas/common';
import { defineRoute } from './define';

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
} as const;
