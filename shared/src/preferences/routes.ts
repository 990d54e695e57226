/** Grid preferences (spec 1). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute } from '../api/route';
import { preferenceInputSchema, preferenceSchema, preferenceSlug } from './schemas';

export const preferenceRoutes = {
  preferenceList: defineRoute({
    method: 'GET',
    path: '/api/preferences',
    resource: 'preferences',
    access: ACCESS.reader,
    sessionOnly: true,
    response: z.array(preferenceSchema),
  }),
  preferenceGet: defineRoute({
    method: 'GET',
    path: '/api/preferences/{slug}',
    resource: 'preferences',
    access: ACCESS.reader,
    sessionOnly: true,
    params: z.object({ slug: preferenceSlug }),
    response: preferenceSchema.nullable(),
  }),
  preferencePut: defineRoute({
    method: 'PUT',
    path: '/api/preferences/{slug}',
    resource: 'preferences',
    access: ACCESS.reader,
    sessionOnly: true,
    params: z.object({ slug: preferenceSlug }),
    body: preferenceInputSchema,
    response: preferenceSchema,
  }),
  preferenceDelete: defineRoute({
    method: 'DELETE',
    path: '/api/preferences/{slug}',
    resource: 'preferences',
    access: ACCESS.reader,
    sessionOnly: true,
    params: z.object({ slug: preferenceSlug }),
    status: 204,
  }),
} as const;
