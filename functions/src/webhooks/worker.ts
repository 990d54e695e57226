/**
 * The webhook queue's worker: each message names an endpoint and a document, whose pending deliveries it sends in
 * their order (deliver.ts). A message that fails (the table unreachable) is received again; a receiver that fails
 * is not a failed message: its delivery is scheduled again on the queue, with a growing wait.
 */
import * as z from 'zod';
import { logger } from '../observability/logger';
import { queueWorker } from '../platform/messaging/worker';
import { deliverDocument } from './deliver';

const message = z.object({ endpointId: z.string().min(1).max(64), documentKey: z.string().min(1).max(200) });

export const handler = queueWorker({
  failure: 'Webhook delivery failed',
  work: async (record) => {
    const parsed = message.safeParse(JSON.parse(record.body));
    if (!parsed.success) {
      logger.error('A webhook message that is not one', { messageId: record.messageId });
      // Nothing to deliver: received again it would say the same.
      return true;
    }
    await deliverDocument(parsed.data.endpointId, parsed.data.documentKey);
    return true;
  },
});
