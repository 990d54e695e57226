/**
 * The orders' outbox: what the warehouse must be told, written in the same transaction as the change that calls for
 * it (an order sent: `order.transmitted`; marked shipped without a packing list: `order.sent`), so that a process
 * that dies between the change and the publication loses nothing. The request publishes at once (transmission.ts)
 * and notes when; the entry stays until the warehouse answers (its acknowledgement, its packing list:
 * warehouse-worker.ts), and the sweep publishes again what is still unanswered, each time waiting twice as long
 * (a minute, two, four… an hour at most), so that a warehouse down for a day is not flooded when it comes back.
 * A message published twice is the same message (its order and step), which the warehouse applies once.
 *
 *   PK OUTBOX   SK order#<id>#<seq>#<type>   { type, orderId, ownerId, at, publishedAt, attempts }
 */
import * as z from 'zod';
import { deleteItem, type Key, queryAll, updateIf } from '../data/table';
import type { TransactAction } from '../data/transact';

export const OUTBOX = 'OUTBOX';

export const outboxType = z.enum(['order.transmitted', 'order.sent']);
export type OutboxType = z.infer<typeof outboxType>;

const outboxItem = z.object({
  PK: z.string(),
  SK: z.string(),
  type: outboxType,
  orderId: z.string(),
  ownerId: z.string(),
  at: z.string(),
  publishedAt: z.string().nullable().default(null),
  attempts: z.number().int().default(0),
});
export type OutboxEntry = z.infer<typeof outboxItem>;

export const outboxKey = (o: { id: string; seq: number }, type: OutboxType): Key => ({
  PK: OUTBOX,
  SK: `order#${o.id}#${o.seq}#${type}`,
});

/** The put of an outbox entry, for the transaction of the change that calls for it. */
export const outboxPut = (o: { id: string; ownerId: string; seq: number }, type: OutboxType, at: string) =>
  ({
    put: {
      ...outboxKey(o, type),
      entity: 'outbox',
      type,
      orderId: o.id,
      ownerId: o.ownerId,
      at,
      publishedAt: null,
      attempts: 0,
    },
  }) satisfies TransactAction;

/** How long after its last publication an entry is published again: doubling from `first`, an hour at most. */
export const republishAfter = (attempts: number, first: number) =>
  Math.min(first * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/**
 * The entries due for publication at `now`: never published and older than `first`, or last published longer ago
 * than their wait (`republishAfter`); `first` 0 takes every entry (nothing else can be publishing).
 */
export async function* outboxEntries(now: number, first: number): AsyncGenerator<OutboxEntry> {
  for await (const item of queryAll({ pk: OUTBOX })) {
    const entry = outboxItem.safeParse(item);
    if (!entry.success) continue;
    const last = Date.parse(entry.data.publishedAt ?? entry.data.at);
    const wait = first === 0 ? 0 : entry.data.publishedAt ? republishAfter(entry.data.attempts, first) : first;
    if (last + wait <= now) yield entry.data;
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

/** The warehouse answered: the order's entries of this type are done. */
export async function answered(orderId: string, type: OutboxType): Promise<void> {
  for await (const item of queryAll({ pk: OUTBOX, skPrefix: `order#${orderId}#` })) {
    if (item.type === type) await deleteItem({ PK: String(item.PK), SK: String(item.SK) });
  }
}

/** Empties the outbox without publishing (the demo's seed, whose orders in 005 wait for the warehouse). */
export async function discardOutbox(): Promise<void> {
  for await (const item of queryAll({ pk: OUTBOX })) await deleteItem({ PK: String(item.PK), SK: String(item.SK) });
}
