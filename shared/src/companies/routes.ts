/** Client accounts and their carrier permissions (spec 1). */

import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { paged } from '../common/schemas';
import { COMPANY_LIST } from './list';
import { companyInputSchema, companyRefSchema, companySchema, permissionType } from './schemas';

export const companyRoutes = {
  companyList: defineRoute({
    method: 'GET',
    path: '/api/companies',
    resource: 'companies',
    access: ACCESS.admin,
    list: COMPANY_LIST,
    csv: true,
    response: paged(companySchema.partial().extend(companyRefSchema.shape)),
  }),
  companyGet: defineRoute({
    method: 'GET',
    path: '/api/companies/{id}',
    resource: 'companies',
    access: ACCESS.admin,
    params: idParams,
    query: includeQuery,
    response: companySchema,
  }),
  companyCreate: defineRoute({
    method: 'POST',
    path: '/api/companies',
    resource: 'companies',
    access: ACCESS.superadmin,
    query: includeQuery,
    body: companyInputSchema,
    response: companySchema,
    status: 201,
  }),
  companyUpdate: defineRoute({
    method: 'PUT',
    path: '/api/companies/{id}',
    resource: 'companies',
    access: ACCESS.superadmin,
    params: idParams,
    query: includeQuery,
    body: companyInputSchema,
    response: companySchema,
  }),
  companyCarriers: defineRoute({
    method: 'GET',
    path: '/api/companies/{id}/{type}/carriers',
    resource: 'companies',
    access: ACCESS.reader,
    params: z.object({ id: z.string().min(1).max(64), type: permissionType }),
    response: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        name: z.string(),
        segment: z.string().nullable(),
        services: z.array(z.object({ code: z.string(), name: z.string(), isPickupPoint: z.boolean() })),
      }),
    ),
  }),
  companyPermissionAdd: defineRoute({
    method: 'PUT',
    path: '/api/companies/{id}/{type}/{target}',
    resource: 'companies',
    access: ACCESS.superadmin,
    params: z.object({ id: z.string().min(1).max(64), type: permissionType, target: z.string().min(1).max(200) }),
    response: companySchema,
  }),
  companyPermissionRemove: defineRoute({
    method: 'DELETE',
    path: '/api/companies/{id}/{type}/{target}',
    resource: 'companies',
    access: ACCESS.superadmin,
    params: z.object({ id: z.string().min(1).max(64), type: permissionType, target: z.string().min(1).max(200) }),
    response: companySchema,
  }),
} as const;
