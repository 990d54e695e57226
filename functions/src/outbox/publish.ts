/**
 * Publication of what the outbox holds (outbox.ts) on the queue the warehouse reads: each message built from its
 * document as it now stands, by the document's own module (its `ToldDocument`, handed over by whoever publishes:
 * a handler through `warehouseTeller`, the sweep for every kind), and checked against the contract before it leaves
 * (shared/wms/contract.ts). A document that moved on meanwhile (an order cancelled before it was published, a
 * reception received already) no longer calls for its message: the entry goes unpublished.
 */
import { type CellarMessage, type CellarMessageType, cellarMessage } from '@cellar/shared/wms/contract';
import { config } from '../config/config';
import { deleteItem, getItem, type Key } from '../data/table';
import { logger } from '../observability/logger';
import { sendMessage } from '../platform/messaging/queue';
import { awaitsAnswer, markPublished, type OutboxEntry, outboxEntry, outboxKey, type ToldKind } from './outbox';
import type { ToldDocument } from './told';

/** Sends one message on the warehouse's queue; false (logged) when the queue refused it. */
export async function publish(message: CellarMessage): Promise<boolean> {
  try {
    await sendMessage({
      QueueUrl: config.warehouseOrdersQueueUrl,
      MessageBody: JSON.stringify(cellarMessage.parse(message)),
      MessageAttributes: { type: { DataType: 'String', StringValue: message.type } },
    });
    return true;
  } catch (e) {
    logger.error('Warehouse publication failed', { documentId: message.documentId, error: e as Error });
    return false;
  }
}

/**
 * Publishes what an outbox entry calls for, as its document now stands: the entry then goes, or, when the
 * warehouse answers that message, stays noted as published. An entry its document no longer calls for goes.
 */
export async function deliverOutbox(
  entry: Pick<OutboxEntry, 'kind' | 'type' | 'documentId' | 'ownerId' | 'message'> & Key,
  told: ToldDocument,
) {
  const message = entry.message ?? (await told.message(entry.documentId, entry.ownerId, entry.type));
  const key = { PK: entry.PK, SK: entry.SK };
  if (!message) {
    await deleteItem(key);
    return false;
  }
  if (!(await publish(message))) return false;
  await told.published?.(message);
  if (awaitsAnswer(entry.type)) await markPublished(key);
  else await deleteItem(key);
  return true;
}

/**
 * Who publishes at once what a change of one kind of document put in the outbox: what the API's handlers hand the
 * services as their `tell`, with the document's own module (its `ToldDocument`). Without it, the sweep publishes
 * the entry a minute later.
 * @example createOrder(caller, body, key, { tell: warehouseTeller(toldOrder) })
 */
export const warehouseTeller =
  (told: ToldDocument) =>
  async (kind: ToldKind, doc: { id: string; ownerId: string }, type: CellarMessageType): Promise<void> => {
    const key = outboxKey(kind, doc.id, type);
    // The entry as written (it may carry its message), unless the sweep or a concurrent request published it first.
    const entry = outboxEntry.safeParse(await getItem(key));
    if (entry.success) await deliverOutbox(entry.data as OutboxEntry, told);
  };
