/** Webhooks (./schemas.ts): a company's admins register endpoints; the provider's staff see and manage any. */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../api/route';
import {
  deliveryListQuery,
  deliveryPageSchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookListQuery,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from './schemas';

const common = { resource: 'webhooks', access: ACCESS.admin, sessionOnly: true } as const;

export const webhookRoutes = {
  webhookList: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/webhooks',
    query: webhookListQuery,
    response: z.array(webhookSchema),
  }),
  webhookCreate: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/webhooks',
    body: webhookCreateSchema,
    response: webhookWithSecretSchema,
    status: 201,
  }),
  webhookUpdate: defineRoute({
    ...common,
    method: 'PUT',
    path: '/api/webhooks/{id}',
    params: idParams,
    body: webhookUpdateSchema,
    response: webhookSchema,
  }),
  webhookDelete: defineRoute({
    ...common,
    method: 'DELETE',
    path: '/api/webhooks/{id}',
    params: idParams,
    status: 204,
  }),
  webhookRotate: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/webhooks/{id}/rotate',
    params: idParams,
    response: webhookWithSecretSchema,
  }),
  webhookDeliveries: defineRoute({
    ...common,
    method: 'GET',
    path: '/api/webhooks/{id}/deliveries',
    params: idParams,
    query: deliveryListQuery,
    response: deliveryPageSchema,
  }),
  webhookReplay: defineRoute({
    ...common,
    method: 'POST',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/replay',
    params: z.object({ id: z.string().min(1).max(64), deliveryId: z.string().min(1).max(200) }),
    response: webhookDeliverySchema,
  }),
} as const;
