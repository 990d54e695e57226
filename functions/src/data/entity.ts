/**
 * One declaration per item type: its keys, its secondary indexes, the lists it appears in (their list-sort
 * indexes and search words, from the route table's plan) and the zod schema an item is parsed with. The generic
 * operations below are written once for every entity; repositories keep only what is their resource's own.
 *
 * @example
 * const contacts = defineEntity({ name: 'contact', schema: contactItemSchema, key: (c) => keys.contact(…), … });
 * await contacts.insert(contact, clash);   // the item, its list-sort keys and its search words
 */
import { createHash } from 'node:crypto';
import type { ListSpec } from '@cellar/shared/filter/query';
import { MESSAGES } from '@cellar/shared/validation/validators';
import pLimit from 'p-limit';
import type * as z from 'zod';
import { type FieldMessages, ItemExistsError, StaleVersionError } from '../errors';
import { keys } from './keys';
import { IN_ORDER_ENTRY, listSortKey, searchEntryKey, searchPrefixes, sortKeyOf } from './list';
import {
  addToCounter,
  batchDelete,
  batchPut,
  deleteExisting,
  deleteItem,
  getItem,
  type IndexName,
  type Item,
  type Key,
  putItem,
  putNew,
  putVersioned,
  queryAll,
  queryKeys,
  type Source,
  updateIf,
} from './table';
import { type TransactAction, TransactionCancelledError, transactWrite } from './transact';

/**
 * A record's keys in the secondary indexes: GSI1 and GSI2, and a list-sort index a list's plan leaves free (the
 * stock lines' every-owner order).
 */
type IndexKeys = Partial<Record<IndexName, readonly [string, string]>>;

/**
 * A counter item a record adds to: one, or `by` (a sum such as the bottles of an order). A change of the record
 * moves each counter by the difference between what the record added before and what it adds now. A counter with
 * a `presence` counts one on each of those other counters while it is above zero: the stock lines of a product count
 * the product once among its owner's references in stock and among everyone's, however many lines it has.
 */
export type CounterKey = Key & { by?: number; presence?: readonly Key[] };

/** A counter's move, and the counters its presence counts on. */
export type CounterMove = { key: Key; delta: number; presence?: readonly Key[] };

const counterId = (k: Key) => `${k.PK}|${k.SK}`;
const counterKey = (k: CounterKey): Key => ({ PK: k.PK, SK: k.SK });

/** What each counter moves when a record's counters go from `was` to `now` (nothing where they are equal). */
export function counterMoves(was: readonly CounterKey[], now: readonly CounterKey[]): CounterMove[] {
  const moves = new Map<string, CounterMove>();
  const add = (k: CounterKey, sign: 1 | -1) => {
    const entry = moves.get(counterId(k)) ?? { key: counterKey(k), delta: 0 };
    entry.delta += sign * (k.by ?? 1);
    if (k.presence) entry.presence = k.presence;
    moves.set(counterId(k), entry);
  };
  for (const k of was) add(k, -1);
  for (const k of now) add(k, 1);
  return [...moves.values()].filter((m) => m.delta !== 0);
}

/**
 * Applies a counter's move; when its counter crosses zero (as ADD answered it, one writer at a time), moves its
 * presences by one.
 */
export async function applyCounterMove(m: CounterMove): Promise<void> {
  const after = await addToCounter(m.key, m.delta);
  if (!m.presence) return;
  const before = after - m.delta;
  const crossed = before <= 0 && after > 0 ? 1 : before > 0 && after <= 0 ? -1 : 0;
  if (crossed) await Promise.all(m.presence.map((p) => addToCounter(p, crossed)));
}

const moveCounters = (was: readonly CounterKey[], now: readonly CounterKey[]) =>
  Promise.all(counterMoves(was, now).map(applyCounterMove));

/** A change in DynamoDB's update language (see `updateIf`): true when applied, false when its condition failed. */
export type Change = Parameters<typeof updateIf>[1];

export interface EntityDef<T extends object> {
  /** Written as the item's `entity` attribute. */
  name: string;
  /** Every item read is parsed with it: what is not declared does not leave the data layer. */
  schema: z.ZodType<T>;
  key: (record: T) => Key;
  indexes?: (record: T) => IndexKeys;
  /**
   * The counter items a record adds to (list totals, the dashboard's figures): kept by `insert`, `replace` and the
   * removes, repaired by a recount.
   */
  counters?: (record: T) => readonly CounterKey[];
  /**
   * The ranges of counter items the records own, for a recount to find counters no record adds to any more (a
   * month whose last order went back to draft) and bring them to zero.
   */
  counterRanges?: () => readonly Omit<Source, 'desc'>[] | Promise<readonly Omit<Source, 'desc'>[]>;
  /**
   * Values unique across records that the key does not make unique (a user's e-mail): each is claimed by an item of
   * its own, put before the record (a taken value is an ItemExistsError on its field), moved when the value changes.
   */
  claims?: (record: T) => readonly { key: Key; field: string }[];
  /** Where every record lives (the ranges a recount reads). */
  everywhere?: () => readonly Omit<Source, 'desc'>[] | Promise<readonly Omit<Source, 'desc'>[]>;
  /** The list the records appear in, answered from its plan (`list.ts`). */
  list?: {
    spec: ListSpec;
    /** The list-sort partition of a record (its owner's list). */
    sortScope: (record: T) => string;
    /** The record as the list shows it: the plan's fields are read from it. */
    row: (record: T) => unknown;
    /**
     * The same list's columns again in another partition, on other list-sort indexes: a narrower scope's own
     * order (a company's users, beside everyone's), so that its list reads its own rows a page at a time.
     */
    alsoSorted?: { indexes: NonNullable<ListSpec['indexes']>; sortScope: (record: T) => string };
    /** The search-word partitions of a record (its owner's list, every owner's…) and its searchable words. */
    search?: { scopes: (record: T) => readonly string[]; words: (record: T) => readonly string[] };
  };
}

/**
 * An item type whose records have no id of their own (a user's grid layout, a password link, a throttle): keyed by
 * what they are about, they keep no claims and appear in no list, which both point at records by id.
 */
export type KeyedEntityDef<T extends object> = Omit<EntityDef<T>, 'claims' | 'list'>;

export interface Entity<T extends object> extends EntityDef<T> {
  /** The stored item: the record with its keys and index attributes. */
  item(record: T): Item & Key;
  parse(item: Item): T;
  get(key: Key): Promise<T | undefined>;
  /**
   * The record with this id, found through GSI1 (`ID#<id>`, then `tag`) and read again from the table: the index is
   * only a way in, and eventually consistent; the table says what the record is now.
   */
  findById(id: string, tag: string): Promise<T | undefined>;
  /** Every record of a key range, parsed, in the range's order. */
  query(source: Source): AsyncGenerator<T>;
  /**
   * An atomic change of the stored record (an `ADD`, a conditional mark) where a read-modify-write would lose a
   * concurrent one; false when its condition failed.
   */
  update(record: T, change: Change): Promise<boolean>;
  /** Creates the record; a clash on its key is a 409 with these field errors. */
  insert(record: T, clash?: FieldMessages): Promise<void>;
  /**
   * Creates many records (an import's chunk) with the writes `insert` makes for each, under the same conditions
   * (claims and keys put only where absent), `concurrency` records at a time: the search words of all the records in
   * batches first, then each record's claims and item, then each counter moved once by the sum of the created
   * records. Answers each record's outcome, in order: created; already stored with this very id (`own`: written by
   * an earlier attempt that died, whose counters a recount settles); or the error that refused it (a clash on its
   * key or a claim, with its claims and words released as `insert` releases them).
   */
  insertMany(records: readonly T[], clash?: FieldMessages, concurrency?: number): Promise<InsertOutcome[]>;
  /**
   * Creates a record whose id is derived from what it records (an effect of a state change), so that a replay finds
   * it: false, touching nothing, when it is already there. Its words are the same for a replay, so they stay.
   */
  insertOnce(record: T): Promise<boolean>;
  /** Deletes the record, its words and counts once: false when it was already gone (a replayed undo). */
  removeIfPresent(record: T): Promise<boolean>;
  /** Replaces the record if nobody changed it since `previous` was read; returns the saved record. */
  replace(next: T, previous: T & { version: number }): Promise<T>;
  /**
   * Writes the record whatever is stored: for records with one writer at a time (a job, written by its request and
   * then by its worker alone), which keep no claims, words or counts.
   */
  save(record: T): Promise<void>;
  /** Deletes the record with its claims, words and counts. */
  remove(record: T): Promise<void>;
  /**
   * `insert` (no `previous`) or `replace`, for a transaction that writes the record with other items: the claims and
   * new search words are written now, the put (conditioned on the key being free, or on the version read) is the
   * returned action, and `committed` (after the transaction) releases what the old record held and moves the
   * counters, or `abandoned` (the transaction failed) releases the claims taken.
   */
  stage(next: T, previous?: T & { version: number }): Promise<Staged<T>>;
  /**
   * Creates (no `previous`) or replaces the record in one transaction with other writes (an outbox entry, a timeline
   * event): all or none. A record changed since it was read is a StaleVersionError; one already there, an
   * ItemExistsError.
   */
  saveWith(next: T, previous: (T & { version: number }) | undefined, extra: readonly TransactAction[]): Promise<T>;
  /**
   * Deletes the record as it was read (conditioned on its version) in one transaction with other writes, then its
   * claims, words and counts. A record changed or gone since it was read is a StaleVersionError.
   */
  removeWith(record: T & { version: number }, extra: readonly TransactAction[]): Promise<void>;
  /**
   * `stage` of many new records for one transaction (a reception's new lots): their claims and search words written
   * now (the words in batches), a put conditioned on each key being free, and the counters moved once for all by
   * `committed`; `abandoned` releases the claims.
   */
  stageNew(records: readonly T[]): Promise<{
    actions: TransactAction[];
    committed(): Promise<void>;
    abandoned(): Promise<void>;
  }>;
  /** `removeIfPresent` for a transaction: the delete, conditioned as given, and what to release once it is done. */
  stageRemove(record: T, condition?: Pick<TransactAction, 'condition' | 'names' | 'values'>): Staged<T>;
  /** The items a bulk load writes beside the record: its claims and search words. */
  companionItems(record: T): (Item & Key)[];
  /** The record's search entries: by word, and by word beginning in its list's order. */
  searchItems(record: T): (Item & Key)[];
  /** The id of the record holding a claimed value, if any. */
  claimant(key: Key): Promise<string | undefined>;
}

/** A record's write staged for a transaction (see `Entity.stage`). */
export interface Staged<T> {
  saved: T;
  action: TransactAction;
  committed(): Promise<void>;
  abandoned(): Promise<void>;
}

/** What `insertMany` did with one record. */
export type InsertOutcome = { created: true; own: boolean } | { created: false; error: Error };

const KEY_ATTRIBUTES = /^(PK|SK|GSI\d+PK|GSI\d+SK|LS\d+PK|LS\d+SK|entity)$/;

export function defineEntity<T extends object>(
  def: [T] extends [{ id: string }] ? EntityDef<T> : KeyedEntityDef<T>,
): Entity<T>;
export function defineEntity<T extends object>(def: EntityDef<T>): Entity<T> {
  /** Only claims and lists read it, and only records with an id may declare them (the signature above). */
  const idOf = (record: T): string => {
    if ('id' in record && typeof record.id === 'string') return record.id;
    throw new TypeError(`A ${def.name} has no id: it can keep no claims and appear in no list`);
  };
  const listKeys = (record: T): Item => {
    if (!def.list) return {};
    const { spec, sortScope, row, alsoSorted } = def.list;
    const out: Item = {};
    const shown = row(record);
    const sorted = [{ spec, scope: sortScope(record) }];
    if (alsoSorted)
      sorted.push({ spec: { ...spec, indexes: alsoSorted.indexes }, scope: alsoSorted.sortScope(record) });
    for (const { spec: s, scope } of sorted) {
      for (const [field, index] of Object.entries(s.indexes ?? {})) {
        const name = typeof index === 'string' ? index : index.index;
        if (!name.startsWith('LS')) continue;
        out[`${name}PK`] = scope;
        out[`${name}SK`] = listSortKey(s, shown, field, idOf(record));
      }
    }
    return out;
  };

  const searchItems = (record: T): (Item & Key)[] => {
    const search = def.list?.search;
    if (!search) return [];
    const ref = def.key(record);
    const id = idOf(record);
    const words = search.words(record);
    const scopes = search.scopes(record);
    const byWord = scopes.flatMap((scope) =>
      words.map((w) => ({
        PK: keys.searchWords(scope, w),
        SK: sortKeyOf(w, id),
        entity: 'searchWord',
        id,
        ref,
      })),
    );
    // A list searched in its tie-break's order (its default order) also keeps its words by their beginnings in that
    // order, so a common word is read a page at a time: each entry carries the row's words, its key their tag.
    const { spec, row } = def.list as NonNullable<EntityDef<T>['list']>;
    if (!spec.searchInOrder || !spec.tieBreak || !words.length) return byWord;
    const at = searchEntryKey(
      listSortKey(spec, row(record), spec.tieBreak, id),
      createHash('sha256').update(words.join(' ')).digest('base64url').slice(0, 10),
    );
    const prefixes = searchPrefixes(words);
    return [
      ...byWord,
      ...scopes.flatMap((scope) =>
        prefixes.map((p) => ({ PK: keys.searchInOrder(scope, p), SK: at, entity: IN_ORDER_ENTRY, id, ref, words })),
      ),
    ];
  };

  const item = (record: T): Item & Key => {
    const idx = def.indexes?.(record) ?? {};
    return {
      ...def.key(record),
      ...Object.fromEntries(
        Object.entries(idx).flatMap(([name, keyPair]) =>
          keyPair
            ? [
                [`${name}PK`, keyPair[0]],
                [`${name}SK`, keyPair[1]],
              ]
            : [],
        ),
      ),
      ...listKeys(record),
      entity: def.name,
      ...record,
    };
  };

  const parse = (stored: Item): T =>
    def.schema.parse(Object.fromEntries(Object.entries(stored).filter(([k]) => !KEY_ATTRIBUTES.test(k))));

  const keyOf = (i: Item & Key): Key => ({ PK: i.PK, SK: i.SK });
  const same = (a: Key, b: Key) => a.PK === b.PK && a.SK === b.SK;
  const claimItem = (record: T, key: Key): Item & Key => ({ ...key, entity: `${def.name}Claim`, id: idOf(record) });

  /** Claims the values of `record` that `previous` did not hold; returns their keys, to release on failure. */
  const claim = async (record: T, previous?: T): Promise<Key[]> => {
    const held = previous ? (def.claims?.(previous) ?? []) : [];
    const taken: Key[] = [];
    for (const c of def.claims?.(record) ?? []) {
      if (held.some((h) => same(h.key, c.key))) continue;
      try {
        await putNew(claimItem(record, c.key), { [c.field]: [MESSAGES.unique] });
      } catch (e) {
        // Already this record's (an insert retried after a crash between its claim and its item): still its own.
        if (e instanceof ItemExistsError && (await getItem(c.key))?.id === idOf(record)) continue;
        await batchDelete(taken);
        throw e;
      }
      taken.push(c.key);
    }
    return taken;
  };
  const released = (from: T, to: T) =>
    (def.claims?.(from) ?? [])
      .filter((c) => !(def.claims?.(to) ?? []).some((n) => same(n.key, c.key)))
      .map((c) => c.key);

  return {
    ...def,
    item,
    parse,
    searchItems,
    companionItems: (record) => [
      ...(def.claims?.(record) ?? []).map((c) => claimItem(record, c.key)),
      ...searchItems(record),
    ],
    async claimant(key) {
      const found = await getItem(key);
      return typeof found?.id === 'string' ? found.id : undefined;
    },
    async get(key) {
      const found = await getItem(key);
      return found ? parse(found) : undefined;
    },
    async findById(id, tag) {
      // The index gives the key (it holds keys only); the table, the record as it is now.
      for await (const found of queryKeys({ index: 'GSI1', pk: keys.byId(id), skPrefix: tag }, 1)) {
        const stored = await getItem({ PK: String(found.PK), SK: String(found.SK) });
        return stored ? parse(stored) : undefined;
      }
      return undefined;
    },
    async *query(source) {
      for await (const found of queryAll(source)) yield parse(found);
    },
    update: (record, change) => updateIf(def.key(record), change),
    async insert(record, clash) {
      // Words first: a word left behind by a failed insert points at nothing and is skipped by the list, while a
      // record written before its words would be missing from searches.
      const claimed = await claim(record);
      const words = searchItems(record);
      await batchPut(words);
      try {
        await putNew(item(record), clash);
      } catch (e) {
        // The same record stored already (a retried insert): its claims and words are its own, left in place.
        const stored = e instanceof ItemExistsError ? await getItem(def.key(record)) : undefined;
        if (stored?.id !== idOf(record)) await batchDelete([...claimed, ...words.map(keyOf)]);
        throw e;
      }
      // Without a transaction a crash here leaves the counters short: the recount (counters.ts) repairs them.
      await moveCounters([], def.counters?.(record) ?? []);
    },
    async insertMany(records, clash, concurrency = 32) {
      // Words first, as `insert` writes them: many records' words fill whole batches.
      await batchPut(records.flatMap(searchItems), concurrency);
      const limit = pLimit(concurrency);
      const outcomes = await Promise.all(
        records.map((record) =>
          limit(async (): Promise<InsertOutcome> => {
            let claimed: Key[];
            try {
              claimed = await claim(record);
            } catch (error) {
              if (!(error instanceof ItemExistsError)) throw error;
              await batchDelete(searchItems(record).map(keyOf));
              return { created: false, error };
            }
            try {
              await putNew(item(record), clash);
              return { created: true, own: false };
            } catch (error) {
              if (!(error instanceof ItemExistsError)) throw error;
              if ((await getItem(def.key(record)))?.id === idOf(record)) return { created: true, own: true };
              await batchDelete([...claimed, ...searchItems(record).map(keyOf)]);
              return { created: false, error };
            }
          }),
        ),
      );
      // Without a transaction a crash before this leaves the counters short: the recount (counters.ts) repairs them.
      const fresh = records.filter((_, i) => {
        const o = outcomes[i] as InsertOutcome;
        return o.created && !o.own;
      });
      await moveCounters(
        [],
        fresh.flatMap((r) => def.counters?.(r) ?? []),
      );
      return outcomes;
    },
    async insertOnce(record) {
      await batchPut(searchItems(record));
      try {
        await putNew(item(record));
      } catch (e) {
        if (e instanceof ItemExistsError) return false;
        throw e;
      }
      await moveCounters([], def.counters?.(record) ?? []);
      return true;
    },
    async removeIfPresent(record) {
      if (!(await deleteExisting(def.key(record)))) return false;
      await batchDelete([...(def.claims?.(record) ?? []).map((c) => c.key), ...searchItems(record).map(keyOf)]);
      await moveCounters(def.counters?.(record) ?? [], []);
      return true;
    },
    async replace(next, previous) {
      const claimed = await claim(next, previous);
      const before = new Set(searchItems(previous).map((w) => `${w.PK}|${w.SK}`));
      const after = searchItems(next);
      await batchPut(after.filter((w) => !before.has(`${w.PK}|${w.SK}`)));
      let saved: T;
      try {
        saved = parse(await putVersioned(item(next), previous.version));
      } catch (e) {
        await batchDelete(claimed);
        throw e;
      }
      await batchDelete(released(previous, next));
      const kept = new Set(after.map((w) => `${w.PK}|${w.SK}`));
      await batchDelete(
        searchItems(previous)
          .filter((w) => !kept.has(`${w.PK}|${w.SK}`))
          .map(keyOf),
      );
      // Only the write that won the version condition moves the counters: a replay or a lost race moves none.
      await moveCounters(def.counters?.(previous) ?? [], def.counters?.(next) ?? []);
      return saved;
    },
    async save(record) {
      await putItem(item(record));
    },
    async saveWith(next, previous, extra) {
      const staged = await this.stage(next, previous);
      try {
        await transactWrite([staged.action, ...extra]);
      } catch (e) {
        await staged.abandoned();
        if (e instanceof TransactionCancelledError && e.failed(0)) {
          throw previous ? new StaleVersionError() : new ItemExistsError();
        }
        throw e;
      }
      await staged.committed();
      return staged.saved;
    },
    async removeWith(record, extra) {
      const staged = this.stageRemove(record, {
        condition: 'attribute_exists(PK) AND #v = :v',
        names: { '#v': 'version' },
        values: { ':v': record.version },
      });
      try {
        await transactWrite([staged.action, ...extra]);
      } catch (e) {
        if (e instanceof TransactionCancelledError && e.failed(0)) throw new StaleVersionError();
        throw e;
      }
      await staged.committed();
    },
    async stage(next, previous) {
      const claimed = await claim(next, previous);
      const before = new Set(previous ? searchItems(previous).map((w) => `${w.PK}|${w.SK}`) : []);
      const after = searchItems(next);
      await batchPut(after.filter((w) => !before.has(`${w.PK}|${w.SK}`)));
      const saved = previous ? ({ ...next, version: previous.version + 1 } as T) : next;
      return {
        saved,
        action: previous
          ? {
              put: item(saved),
              condition: 'attribute_exists(PK) AND #v = :v',
              names: { '#v': 'version' },
              values: { ':v': previous.version },
            }
          : { put: item(saved), condition: 'attribute_not_exists(PK)' },
        async committed() {
          if (previous) {
            await batchDelete(released(previous, next));
            const kept = new Set(after.map((w) => `${w.PK}|${w.SK}`));
            await batchDelete(
              searchItems(previous)
                .filter((w) => !kept.has(`${w.PK}|${w.SK}`))
                .map(keyOf),
            );
          }
          await moveCounters(previous ? (def.counters?.(previous) ?? []) : [], def.counters?.(next) ?? []);
        },
        async abandoned() {
          await batchDelete(claimed);
        },
      };
    },
    async stageNew(records) {
      const claimed: Key[] = [];
      try {
        for (const record of records) claimed.push(...(await claim(record)));
      } catch (e) {
        await batchDelete(claimed);
        throw e;
      }
      await batchPut(records.flatMap(searchItems));
      return {
        actions: records.map((record) => ({ put: item(record), condition: 'attribute_not_exists(PK)' })),
        committed: async () => {
          await moveCounters(
            [],
            records.flatMap((r) => def.counters?.(r) ?? []),
          );
        },
        abandoned: async () => {
          await batchDelete(claimed);
        },
      };
    },
    stageRemove(record, condition = {}) {
      return {
        saved: record,
        action: { delete: def.key(record), ...condition },
        async committed() {
          await batchDelete([...(def.claims?.(record) ?? []).map((c) => c.key), ...searchItems(record).map(keyOf)]);
          await moveCounters(def.counters?.(record) ?? [], []);
        },
        async abandoned() {},
      };
    },
    async remove(record) {
      await deleteItem(def.key(record));
      await batchDelete([...(def.claims?.(record) ?? []).map((c) => c.key), ...searchItems(record).map(keyOf)]);
      await moveCounters(def.counters?.(record) ?? [], []);
    },
  };
}
