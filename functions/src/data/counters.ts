/**
 * Counters are written beside their items without a transaction (dynalite has none), so a process that dies between
 * the two writes leaves a total off by one. A recount reads every record of an entity, counts what each counter
 * should hold, and repairs the counters that drifted:
 *
 *   started ──── read every record (count per counter) ──── read counters ──── SET n = count IF at = seen
 *                                                               │
 *   a counter changed after `started` (its `at` is later) ──────┘ skipped: a write raced the reading; the next
 *                                                                 recount settles it
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/config';
import { documentClient } from './client';
import type { Entity } from './entity';
import { keys } from './keys';
import { batchGet, isConditionFailed, type Key, queryAll, readCounter } from './table';

export interface Repair {
  key: Key;
  was: number;
  now: number;
}

export interface RecountResult {
  entity: string;
  records: number;
  counters: number;
  repaired: Repair[];
  /** Counters that moved while the records were read, left for the next recount. */
  skipped: number;
}

const id = (k: Key) => `${k.PK}\u0000${k.SK}`;

/** Recounts one entity's counters and repairs those that drifted. */
export async function recount<T extends { id: string }>(entity: Entity<T>): Promise<RecountResult> {
  if (!entity.counters || !entity.everywhere) throw new Error(`${entity.name} declares no counters to recount`);
  const started = new Date().toISOString();
  const counts = new Map<string, { key: Key; n: number; presence?: readonly Key[] }>();
  let records = 0;
  for (const source of await entity.everywhere()) {
    for await (const item of queryAll(source)) {
      records++;
      for (const { by, presence, ...key } of entity.counters(entity.parse(item))) {
        const entry = counts.get(id(key)) ?? { key, n: 0 };
        entry.n += by ?? 1;
        if (presence) entry.presence = presence;
        counts.set(id(key), entry);
      }
    }
  }
  // A presence counts the counters above zero that name it.
  for (const { n, presence } of [...counts.values()]) {
    for (const p of presence ?? []) {
      const entry = counts.get(id(p)) ?? { key: p, n: 0 };
      if (n > 0) entry.n += 1;
      counts.set(id(p), entry);
    }
  }
  // Counters of the entity's ranges that no record adds to any more should hold nothing.
  for (const range of (await entity.counterRanges?.()) ?? []) {
    for await (const item of queryAll(range)) {
      const key = { PK: String(item.PK), SK: String(item.SK) };
      if (!counts.has(id(key))) counts.set(id(key), { key, n: 0 });
    }
  }
  const stored = new Map((await batchGet([...counts.values()].map((c) => c.key))).map((i) => [id(i as Key), i]));
  const repaired: Repair[] = [];
  let skipped = 0;
  for (const { key, n } of counts.values()) {
    const item = stored.get(id(key));
    const was = Number(item?.n ?? 0);
    if (was === n) continue;
    const seen = typeof item?.at === 'string' ? item.at : undefined;
    if (seen && seen > started) {
      skipped++;
      continue;
    }
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: config.tableName,
          Key: key,
          UpdateExpression: 'SET #n = :n, #at = :now',
          ConditionExpression: seen ? '#at = :seen' : 'attribute_not_exists(#at)',
          ExpressionAttributeNames: { '#n': 'n', '#at': 'at' },
          ExpressionAttributeValues: { ':n': n, ':now': new Date().toISOString(), ...(seen ? { ':seen': seen } : {}) },
        }),
      );
      repaired.push({ key, was, now: n });
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
      skipped++;
    }
  }
  return { entity: entity.name, records, counters: counts.size, repaired, skipped };
}

/**
 * A document's totals per owner and segment, and for every owner (`ALL`): the counters one record adds to, and the
 * total over some segments (its list's count). Orders, receptions and shipping orders keep theirs this way.
 * @example const totals = segmentTotals('ORDER'); totals.keysOf(o.ownerId, o.segment); await totals.count(owner, ['B2B'])
 */
export function segmentTotals(prefix: string) {
  const name = (segment: string | null) => `${prefix}#${segment ?? '-'}`;
  return {
    keysOf: (ownerId: string, segment: string | null): Key[] => [
      keys.counter(keys.tenant(ownerId), name(segment)),
      keys.counter('ALL', name(segment)),
    ],
    async count(owner: string | 'all', segments: readonly (string | null)[]): Promise<number> {
      const scope = owner === 'all' ? 'ALL' : keys.tenant(owner);
      const counts = await Promise.all(segments.map((s) => readCounter(keys.counter(scope, name(s)))));
      return counts.reduce((a, b) => a + b, 0);
    },
  };
}
