/** Webhook endpoints (shared/src/webhooks): a company's admins manage its own; the provider's staff any. */
import { webhookRoutes } from '@cellar/shared/webhooks/routes';
import { resourceHandler } from '../platform/http/pipeline';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  replayDelivery,
  rotateWebhook,
  updateWebhook,
  webhookDeliveries,
} from './service';

export const handler = resourceHandler(webhookRoutes, {
  webhookList: ({ caller, query }) => listWebhooks(caller, query),
  webhookCreate: ({ caller, body }) => createWebhook(caller, body),
  webhookUpdate: ({ caller, params, body }) => updateWebhook(caller, params.id, body),
  webhookDelete: async ({ caller, params }) => {
    await deleteWebhook(caller, params.id);
    return null;
  },
  webhookRotate: ({ caller, params }) => rotateWebhook(caller, params.id),
  webhookDeliveries: ({ caller, params, query }) => webhookDeliveries(caller, params.id, query.cursor),
  webhookReplay: ({ caller, params }) => replayDelivery(caller, params.id, params.deliveryId),
});
