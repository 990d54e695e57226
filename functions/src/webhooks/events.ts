/**
 * The events a client's endpoints hear of (shared/src/webhooks/schemas.ts), from the changes that make them: an
 * event is written in the same transaction as its change (`clientEventPut`), so that a process that dies between
 * the change and its delivery loses nothing. It is then handed out at once (`handOutNow`): one delivery record for
 * each of the owner's active endpoints that chose its type, put only where absent (a second hand-out of the same
 * event makes none), and a message on the webhook queue to work that endpoint's document; then the event goes. A
 * hand-out that fails, or a process that dies first, leaves the event for the sweep.
 *
 *   PK OUTBOX#HOOKS   SK <event id>   { type, ownerId, documentKey, seq, payload, at }
 */
import type { WebhookEvent } from '@cellar/shared/webhooks/schemas';
import { config } from '../config/config';
import { keys } from '../data/keys';
import { deleteItem, getItem, putNew, queryAll, readCounter } from '../data/table';
import type { TransactAction } from '../data/transact';
import { ItemExistsError } from '../errors';
import { logger } from '../observability/logger';
import { sendMessage } from '../platform/messaging/queue';
import { companyEndpoints, deliveryItem, documentKeyOf, newDelivery } from './repository';

export interface ClientEvent {
  type: WebhookEvent;
  ownerId: string;
  /** The document it is about: its deliveries to an endpoint go in this one's order. */
  kind: 'order' | 'reception' | 'adjustment';
  documentId: string;
  /** The event's place in its document's history (the warehouse report's seq). */
  seq: number;
  /** When it happened. */
  at: string;
  data: Record<string, unknown>;
}

interface OutboxEvent {
  PK: string;
  SK: string;
  id: string;
  type: WebhookEvent;
  ownerId: string;
  documentKey: string;
  seq: number;
  payload: Record<string, unknown>;
  writtenAt: string;
}

/** The event's id, and each delivery's: the same for every endpoint, and for the event delivered again. */
export const clientEventId = (e: Pick<ClientEvent, 'kind' | 'documentId' | 'seq'>) =>
  `${e.kind}.${e.documentId}.${e.seq}`;

const outboxKey = (id: string) => ({ PK: keys.webhookOutbox, SK: id });

/**
 * Whether a company has any endpoint to tell: most have none, and their reports then write no event (a read of its
 * endpoint counter instead of an event's put and delete). An endpoint registered while a report is being applied
 * hears of the reports applied after it.
 */
export async function hasEndpoints(ownerId: string): Promise<boolean> {
  return (await readCounter(keys.webhookCount(ownerId))) > 0;
}

/** The put of an event, for the transaction of the change that makes it. */
export function clientEventPut(e: ClientEvent): TransactAction {
  const id = clientEventId(e);
  const entry: OutboxEvent = {
    ...outboxKey(id),
    id,
    type: e.type,
    ownerId: e.ownerId,
    documentKey: documentKeyOf(e.kind, e.documentId),
    seq: e.seq,
    payload: { id, type: e.type, createdAt: e.at, companyId: e.ownerId, data: e.data },
    writtenAt: new Date().toISOString(),
  };
  return { put: { ...entry, entity: 'webhookEvent' } };
}

/** Asks the worker to deliver what an endpoint has pending for a document, after `delaySeconds` (0–900). */
export const workDocument = (endpointId: string, documentKey: string, delaySeconds = 0) =>
  sendMessage({
    QueueUrl: config.webhookQueueUrl,
    MessageBody: JSON.stringify({ endpointId, documentKey }),
    DelaySeconds: Math.max(0, Math.min(900, Math.ceil(delaySeconds))),
  });

/** Hands an event to the endpoints that chose it, then deletes it. */
export async function handOut(entry: OutboxEvent): Promise<void> {
  const now = new Date().toISOString();
  for (const endpoint of await companyEndpoints(entry.ownerId)) {
    if (!endpoint.active || !endpoint.events.includes(entry.type)) continue;
    const delivery = newDelivery(endpoint.id, entry, now);
    try {
      await putNew(deliveryItem(delivery));
    } catch (e) {
      // Handed out before (a hand-out that died before deleting the event): the delivery is there, as it stands.
      if (!(e instanceof ItemExistsError)) throw e;
    }
    await workDocument(endpoint.id, entry.documentKey);
  }
  await deleteItem({ PK: entry.PK, SK: entry.SK });
}

/** Hands out an event just written; a failure leaves it to the sweep. */
export async function handOutNow(eventId: string): Promise<void> {
  try {
    const entry = await getItem<OutboxEvent>(outboxKey(eventId));
    if (entry) await handOut(entry);
  } catch (error) {
    logger.warn('Webhook event left to the sweep', { eventId, error: error as Error });
  }
}

/** The events written more than `graceMs` ago and still there: their request did not get to hand them out. */
export async function* dueClientEvents(now: number, graceMs: number): AsyncGenerator<OutboxEvent> {
  for await (const item of queryAll({ pk: keys.webhookOutbox })) {
    const entry = item as unknown as OutboxEvent;
    if (Date.parse(entry.writtenAt) <= now - graceMs) yield entry;
  }
}
