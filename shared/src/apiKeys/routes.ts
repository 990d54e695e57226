/** API keys (./schemas.ts): a company's admins create, rotate and revoke them; the provider's staff see and revoke any. */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../api/route';
import {
  apiKeyCreateSchema,
  apiKeyListQuery,
  apiKeyPageSchema,
  apiKeyRotateSchema,
  apiKeySchema,
  apiKeyUseSchema,
  apiKeyWithSecretSchema,
} from './schemas';

export const apiKeyRoutes = {
  apiKeyList: defineRoute({
    method: 'GET',
    path: '/api/api-keys',
    resource: 'apiKeys',
    access: ACCESS.admin,
    sessionOnly: true,
    query: apiKeyListQuery,
    response: apiKeyPageSchema,
  }),
  apiKeyCreate: defineRoute({
    method: 'POST',
    path: '/api/api-keys',
    resource: 'apiKeys',
    access: ACCESS.admin,
    sessionOnly: true,
    body: apiKeyCreateSchema,
    response: apiKeyWithSecretSchema,
    status: 201,
  }),
  apiKeyRotate: defineRoute({
    method: 'POST',
    path: '/api/api-keys/{id}/rotate',
    resource: 'apiKeys',
    access: ACCESS.admin,
    sessionOnly: true,
    params: idParams,
    body: apiKeyRotateSchema,
    response: apiKeyWithSecretSchema,
  }),
  apiKeyRevoke: defineRoute({
    method: 'POST',
    path: '/api/api-keys/{id}/revoke',
    resource: 'apiKeys',
    access: ACCESS.admin,
    sessionOnly: true,
    params: idParams,
    response: apiKeySchema,
  }),
  apiKeyUses: defineRoute({
    method: 'GET',
    path: '/api/api-keys/{id}/uses',
    resource: 'apiKeys',
    access: ACCESS.admin,
    sessionOnly: true,
    params: idParams,
    response: z.array(apiKeyUseSchema),
  }),
} as const;
