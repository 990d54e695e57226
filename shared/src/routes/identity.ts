/** Sign-in, users and client accounts (spec 1). */
import { ACCESS } from '../auth/roles';
import { paged } from '../schemas/common';
import { companyRefSchema, credentialsSchema, tokenResponseSchema, userSchema } from '../schemas/identity';
import { defineRoute, includeQuery } from './define';

export const identityRoutes = {
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
} as const;
