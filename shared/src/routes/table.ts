/**
 * THE route table: every API route, once. Add a route here and its handler in functions/src/<resource>;
 * the Lambda router, the CDK API stack, the local gateway, the SPA client and the access-control suite follow.
 */
import { z } from 'zod';
import { ACCESS } from '../auth/roles';
import { preferenceInputSchema, preferenceSchema, preferenceSlug } from '../schemas/activity';
import { paged, warehouseSchema } from '../schemas/common';
import { contactCreateSchema, contactSchema, contactUpdateSchema } from '../schemas/contact';
import { companyRefSchema, credentialsSchema, tokenResponseSchema, userSchema } from '../schemas/identity';
import { defineRoute } from './define';

const idParams = z.object({ id: z.string().min(1).max(64) });
const includeQuery = z.strictObject({ include: z.string().max(500).optional() });
const CONTACT_SCOPES = ['supplier', 'recipient', 'carrier'] as const;

export const CONTACT_LIST = {
  filters: [
    'type',
    'search',
    'owner.id',
    'owner.segments',
    'segment',
    'warehouse.id',
    'code',
    'displayName',
    'address.street',
    'address.postcode',
    'address.city',
    'address.country',
    'owner.code',
    'owner.name',
    'warehouse.name',
    'createdAt',
  ],
  sorts: [
    'code',
    'displayName',
    'address.street',
    'address.postcode',
    'address.city',
    'address.country',
    'owner.code',
    'owner.name',
    'warehouse.name',
    'segment',
    'createdAt',
  ],
  includes: ['owner', 'warehouse', 'services', 'address'],
  params: ['output', 'columns'],
} as const;

export const routes = {
  authToken: defineRoute({
    id: 'auth.token',
    method: 'POST',
    path: '/api/auth/token',
    resource: 'auth',
    access: ACCESS.public,
    body: credentialsSchema,
    response: tokenResponseSchema,
  }),
  authUser: defineRoute({
    id: 'auth.user',
    method: 'GET',
    path: '/api/auth/user',
    resource: 'auth',
    access: ACCESS.reader,
    query: includeQuery,
    response: userSchema,
  }),

  contactList: defineRoute({
    id: 'contacts.list',
    method: 'GET',
    path: '/api/contacts',
    resource: 'contacts',
    access: ACCESS.reader,
    scopes: CONTACT_SCOPES,
    list: CONTACT_LIST,
    csv: true,
    response: paged(contactSchema),
  }),
  contactGet: defineRoute({
    id: 'contacts.get',
    method: 'GET',
    path: '/api/contacts/{id}',
    resource: 'contacts',
    access: ACCESS.reader,
    scopes: CONTACT_SCOPES,
    params: idParams,
    query: includeQuery,
    response: contactSchema,
  }),
  contactCreate: defineRoute({
    id: 'contacts.create',
    method: 'POST',
    path: '/api/contacts',
    resource: 'contacts',
    access: ACCESS.writer,
    scopes: CONTACT_SCOPES,
    query: includeQuery,
    body: contactCreateSchema,
    response: contactSchema,
    status: 201,
  }),
  contactUpdate: defineRoute({
    id: 'contacts.update',
    method: 'PUT',
    path: '/api/contacts/{id}',
    resource: 'contacts',
    access: ACCESS.writer,
    scopes: CONTACT_SCOPES,
    params: idParams,
    query: includeQuery,
    body: contactUpdateSchema,
    response: contactSchema,
  }),

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

  companyList: defineRoute({
    id: 'companies.list',
    method: 'GET',
    path: '/api/companies',
    resource: 'companies',
    access: ACCESS.reader,
    list: {
      filters: ['code', 'name', 'active'],
      sorts: ['code', 'name'],
      includes: ['warehouses', 'segments', 'address'],
    },
    response: paged(companyRefSchema),
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

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList = Object.values(routes);
