/**
 * The outbox of what the warehouse must be told (shared/wms/contract.ts, Cellar → warehouse): an entry written in
 * the same transaction as the change that calls for it, so that a process that dies between the change and the
 * publication loses nothing. The request publishes at once (publish.ts) from the document as it then stands; a
 * publication that fails, or a process that dies first, leaves the entry for the sweep.
 * An entry whose message the warehouse answers (an order to take, a cancellation to confirm, a delivery to
 * receive) stays until the answer comes (`answered`), and the sweep publishes it again meanwhile, each time
 * waiting twice as long (a minute, two, four… an hour at most), so that a warehouse down for a day is not flooded
 * when it comes back. The others go once published. A message published twice is the same message (its document
 * and seq), which the warehouse applies once.
 *
 *   PK OUTBOX#WAREHOUSE   SK <kind>#<document id>#<type>   { kind, type, documentId, ownerId, at, publishedAt, attempts }
 * One entry per document and type: a later change of the same kind replaces an entry not yet published. An entry
 * whose document goes with the change (a reception cancelled) carries its message, built before.
 */
import type { CellarMessage, CellarMessageType } from '@cellar/shared/wms/contract';
import * as z from 'zod';
import { deleteItem, type Key, queryAll, updateIf } from '../data/table';
import type { TransactAction } from '../data/transact';

/** Apart from the e-mails' records (which share the word, not the partition). */
export const OUTBOX = 'OUTBOX#WAREHOUSE';

/** The documents that tell the warehouse something. */
export const TOLD_KINDS = ['order', 'reception', 'shippingOrder'] as const;
export type ToldKind = (typeof TOLD_KINDS)[number];

/** The messages the warehouse answers: their entry stays, republished, until it does. */
const AWAITING_ANSWER: ReadonlySet<CellarMessageType> = new Set([
  'order.transmitted',
  'order.cancellation_requested',
  'reception.announced',
]);
export const awaitsAnswer = (type: CellarMessageType) => AWAITING_ANSWER.has(type);

export const outboxEntry = z.object({
  PK: z.string(),
  SK: z.string(),
  kind: z.enum(TOLD_KINDS),
  type: z.string(),
  documentId: z.string(),
  ownerId: z.string(),
  at: z.string(),
  publishedAt: z.string().nullable().default(null),
  attempts: z.number().int().default(0),
  message: z.record(z.string(), z.unknown()).optional(),
});
export type OutboxEntry = Omit<z.infer<typeof outboxEntry>, 'type' | 'message'> & {
  type: CellarMessageType;
  message?: CellarMessage;
};

export const outboxKey = (kind: ToldKind, documentId: string, type: CellarMessageType): Key => ({
  PK: OUTBOX,
  SK: `${kind}#${documentId}#${type}`,
});

/** The put of an outbox entry, for the transaction of the change that calls for it. */
export const outboxPut = (
  kind: ToldKind,
  doc: { id: string; ownerId: string },
  type: CellarMessageType,
  at: string,
  message?: CellarMessage,
): TransactAction => ({
  put: {
    ...outboxKey(kind, doc.id, type),
    entity: 'outbox',
    kind,
    type,
    documentId: doc.id,
    ownerId: doc.ownerId,
    at,
    publishedAt: null,
    attempts: 0,
    ...(message ? { message } : {}),
  },
});

/** How long after its last publication an entry is published again: doubling from `first`, an hour at most. */
export const republishAfter = (attempts: number, first: number) =>
  Math.min(first * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/**
 * The entries due for publication at `now`: never published and older than `first`, or last published longer ago
 * than their wait (`republishAfter`); `first` 0 takes every entry (nothing else can be publishing).
 */
export async function* outboxEntries(now: number, first: number): AsyncGenerator<OutboxEntry> {
  for await (const item of queryAll({ pk: OUTBOX })) {
    const parsed = outboxEntry.safeParse(item);
    if (!parsed.success) continue;
    const entry = parsed.data as OutboxEntry;
    const last = Date.parse(entry.publishedAt ?? entry.at);
    const wait = first === 0 ? 0 : entry.publishedAt ? republishAfter(entry.attempts, first) : first;
    if (last + wait <= now) yield entry;
  }
}

/** Notes that an entry was published now (it stays until the warehouse answers). */
export const markPublished = (key: Key) =>
  updateIf(key, {
    update: 'SET #p = :p ADD #n :one',
    condition: 'attribute_exists(PK)',
    names: { '#p': 'publishedAt', '#n': 'attempts' },
    values: { ':p': new Date().toISOString(), ':one': 1 },
  });

/** The warehouse answered: the document's entry of this type is done. */
export const answered = (kind: ToldKind, documentId: string, type: CellarMessageType) =>
  deleteItem(outboxKey(kind, documentId, type));

/** Empties the outbox without publishing (the demo's seed, whose documents wait for the warehouse). */
export async function discardOutbox(): Promise<void> {
  for await (const item of queryAll({ pk: OUTBOX })) await deleteItem({ PK: String(item.PK), SK: String(item.SK) });
}
