/**
 * Webhooks (see data/ACCESS-PATTERNS.md): an endpoint item (its secrets: the current one and, for a day after a
 * rotation, the previous), a company's endpoints on GSI1, a counter of them whose condition bounds them; and, in the
 * endpoint's partition, one delivery item per event, keyed by its document and the event's seq so that one
 * document's deliveries read in their order:
 *
 *   PK HOOK#<endpoint>   SK HOOK                                  the endpoint
 *   PK HOOK#<endpoint>   SK D#<kind>#<document>#<seq, 10 digits>  a delivery { status, nextAt, attempts… }
 *                        GSI1 HOOK#<endpoint>#LOG  <createdAt>#…  the endpoint's log, newest first
 *                        GSI2 HOOKS#DUE  <nextAt>#<endpoint>#…    while pending: the sweep's way to what is due
 *
 * A delivery's item weighs what its event does: it keeps its last 10 attempts and a count of all.
 */
import { authorSchema } from '@cellar/shared/common/author';
import { DELIVERY_STATUSES, webhookAttemptSchema, webhookEvent } from '@cellar/shared/webhooks/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { cursorOf, type Key, positionOfCursor, queryAll, queryPage, type Source } from '../data/table';
import { boundedCount } from '../data/transact';

const endpointSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  url: z.string(),
  events: z.array(webhookEvent),
  description: z.string(),
  active: z.boolean(),
  /** Signs every delivery; kept in the table (encrypted at rest), as a receiver needs the very same to verify. */
  secret: z.string(),
  previousSecret: z.string().nullable(),
  previousSecretUntil: z.string().nullable(),
  secretRotatedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: authorSchema,
  version: z.number().int(),
});
export type EndpointItem = z.infer<typeof endpointSchema>;

export const endpointRecords = defineEntity<EndpointItem>({
  name: 'webhook',
  schema: endpointSchema,
  key: (e) => keys.webhook(e.id),
  indexes: (e) => ({ GSI1: [keys.companyWebhooks(e.companyId), `${e.createdAt}#${e.id}`] }),
});

export const getEndpoint = (id: string) => endpointRecords.get(keys.webhook(id));

/** A company's endpoints, oldest first (at most WEBHOOK_MAX_ENDPOINTS). */
export async function companyEndpoints(companyId: string): Promise<EndpointItem[]> {
  const out: EndpointItem[] = [];
  for await (const e of endpointRecords.query({ index: 'GSI1', pk: keys.companyWebhooks(companyId) })) out.push(e);
  return out;
}

/** Registers the endpoint and counts it, in one transaction (the bound holds under racing requests). */
export const insertEndpoint = (e: EndpointItem, max: number) =>
  endpointRecords.saveWith(e, undefined, [boundedCount(keys.webhookCount(e.companyId), 1, max)]);

export const saveEndpoint = (next: EndpointItem, previous: EndpointItem) => endpointRecords.replace(next, previous);

/** Removes the endpoint and uncounts it; its deliveries stay readable until they expire. */
export const removeEndpoint = (e: EndpointItem) =>
  endpointRecords.removeWith(e, [boundedCount(keys.webhookCount(e.companyId), -1, 0)]);

// Deliveries.

const deliverySchema = z.object({
  PK: z.string(),
  SK: z.string(),
  endpointId: z.string(),
  /** The event's id: `<kind>.<document>.<seq>`. */
  id: z.string(),
  type: webhookEvent,
  documentKey: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  createdAt: z.string(),
  /** Retries end (the delivery is parked) 24 hours after this: its first try, or its replay. */
  windowStart: z.string(),
  deliveredAt: z.string().nullable(),
  nextAt: z.string().nullable(),
  leaseUntil: z.string().nullable().default(null),
  attemptCount: z.number().int(),
  attempts: z.array(webhookAttemptSchema),
  payload: z.record(z.string(), z.unknown()),
  /** Each write of the delivery bumps it: a worker's claim, its outcome and a replay never overwrite each other. */
  version: z.number().int(),
});
export type DeliveryItem = z.infer<typeof deliverySchema>;

/** How long a delivery's record stays readable in the log. */
const DELIVERY_KEPT_DAYS = 30;
const ATTEMPTS_KEPT = 10;

/** A document's key in the endpoint's partition: its deliveries sort by seq after it. */
export const documentKeyOf = (kind: string, documentId: string) => `${kind}#${documentId}`;
const deliverySk = (documentKey: string, seq: number) => `D#${documentKey}#${String(seq).padStart(10, '0')}`;

export const deliveryKey = (endpointId: string, documentKey: string, seq: number): Key => ({
  PK: keys.webhook(endpointId).PK,
  SK: deliverySk(documentKey, seq),
});

/** A delivery's id (its event's) → where it is: `<kind>.<document>.<seq>`. */
export function deliveryKeyOfId(endpointId: string, eventId: string): Key | undefined {
  const m = /^([a-zA-Z]+)\.(.{1,64})\.(\d{1,10})$/.exec(eventId);
  return m ? deliveryKey(endpointId, documentKeyOf(m[1] as string, m[2] as string), Number(m[3])) : undefined;
}

const due = (d: Pick<DeliveryItem, 'status' | 'nextAt' | 'endpointId' | 'id'>) =>
  d.status === 'pending' && d.nextAt ? { GSI2PK: keys.webhooksDue, GSI2SK: `${d.nextAt}#${d.endpointId}#${d.id}` } : {};

/** The stored item of a delivery: its log entry, and its place among what is due while pending. */
export const deliveryItem = (d: DeliveryItem) => ({
  ...d,
  entity: 'webhookDelivery',
  GSI1PK: keys.webhookLog(d.endpointId),
  GSI1SK: `${d.createdAt}#${d.id}`,
  ...due(d),
  ttl: Math.floor(Date.parse(d.createdAt) / 1000) + DELIVERY_KEPT_DAYS * 86_400,
});

export const parseDelivery = (item: Record<string, unknown>) => deliverySchema.parse(item);

/** A new delivery's record, due now. */
export function newDelivery(
  endpointId: string,
  event: { id: string; type: DeliveryItem['type']; documentKey: string; seq: number; payload: Record<string, unknown> },
  now: string,
): DeliveryItem {
  return {
    ...deliveryKey(endpointId, event.documentKey, event.seq),
    endpointId,
    id: event.id,
    type: event.type,
    documentKey: event.documentKey,
    status: 'pending',
    createdAt: now,
    windowStart: now,
    deliveredAt: null,
    nextAt: now,
    leaseUntil: null,
    attemptCount: 0,
    attempts: [],
    payload: event.payload,
    version: 1,
  };
}

/** A document's deliveries to an endpoint, in their seq order. */
export async function documentDeliveries(endpointId: string, documentKey: string): Promise<DeliveryItem[]> {
  const out: DeliveryItem[] = [];
  for await (const i of queryAll({ pk: keys.webhook(endpointId).PK, skPrefix: `D#${documentKey}#` })) {
    out.push(parseDelivery(i));
  }
  return out;
}

/** The latest attempts with this one, at most ATTEMPTS_KEPT. */
export const withAttempt = (d: DeliveryItem, attempt: DeliveryItem['attempts'][number]) =>
  [...d.attempts, attempt].slice(-ATTEMPTS_KEPT);

/** A page of the endpoint's log, newest first, from a cursor of this very log (undefined: not one). */
export async function deliveryPage(endpointId: string, limit: number, cursor?: string) {
  const source: Source = { index: 'GSI1', pk: keys.webhookLog(endpointId), desc: true };
  const from = cursor === undefined ? undefined : positionOfCursor(source, cursor);
  if (from === null) return undefined;
  const page = await queryPage(source, limit, from);
  const next = page.lastKey ? cursorOf(source, page.lastKey) : null;
  return { deliveries: page.items.map(parseDelivery), next };
}

/** What is due by `until`, across endpoints, oldest first: the sweep's way back to a delivery a crash left. */
export async function* dueDeliveries(until: string): AsyncGenerator<{ endpointId: string; documentKey: string }> {
  for await (const i of queryAll({ index: 'GSI2', pk: keys.webhooksDue, skTo: `${until}#~` })) {
    yield { endpointId: String(i.endpointId), documentKey: String(i.documentKey) };
  }
}
