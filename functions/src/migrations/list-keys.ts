/**
 * The moves of stored items to the list-sort keys their records give now:
 * - data format 11 to 12: a product's list-sort keys carry its code after their own value (the product list's
 *   tie-break, ListSpec.tieBreak), so that a filter of one value (a colour, a vintage) is read a page at a time in
 *   the list's order;
 * - data format 12 to 13: a user is also sorted in its company's own list-sort partition (LS8–LS13,
 *   USER_COMPANY_SORTS), so that a company's list sorted by e-mail reads its own users, not everyone's;
 * - data format 13 to 14: a product's and a user's search words are also kept by their beginnings in the list's
 *   order (`keys.searchInOrder`), so that a common word is read a page at a time; a user's list-sort keys carry its
 *   last name after their own value (the user list's tie-break), so that one role is read in the list's order;
 * - data format 14 to 15: a stock line's list-sort keys carry its product's code after their own value (the stock
 *   list's tie-break), so that one quality, batch or segment is read a page at a time in the list's order;
 * - data format 15 to 16: a stock line is also kept in its quality's own list-sort partition, in label order (LS15,
 *   STOCK_QUALITY_SORTS, an index the deploy adds before the move), so that one quality sorted by label is read a
 *   page at a time.
 * Each item whose keys differ is written again with those its record gives now, on condition that nobody changed it
 * meanwhile (a record changed since was written with the new keys by its change). Each record's in-order search
 * entries are put (a record changed meanwhile has its own written by its change: those put for the words it had
 * are taken back). Run by `npm run migrate-list-keys` on a deployed stage, and by the local runtime on data one
 * format behind. Safe to run again: an item whose keys are current is left alone, an entry put again is the same.
 */
import { LIST_SORT_INDEXES } from '@cellar/shared/filter/query';
import { STOCK_EVERY_OWNER_INDEX } from '@cellar/shared/stocks/routes';
import type { Entity } from '../data/entity';
import { IN_ORDER_ENTRY } from '../data/list';
import {
  batchDelete,
  batchPut,
  getItem,
  type Item,
  type Key,
  queryAll,
  rewriteAtVersion,
  type Source,
} from '../data/table';
import { productRecords, productSource } from '../products/repository';
import { EVERY_OWNER_STOCK, stockRecords } from '../stocks/repository';
import { userRecords, userSource } from '../users/repository';

export interface ListKeysResult {
  /** Items read, by entity. */
  read: Record<string, number>;
  rewritten: number;
  /** In-order search entries put. */
  searchEntries: number;
}

const sameKeys = (stored: Item, fresh: Item) =>
  LIST_SORT_INDEXES.every(
    (name) => stored[`${name}PK`] === fresh[`${name}PK`] && stored[`${name}SK`] === fresh[`${name}SK`],
  );

/** Every item of `records` (all of them in `source`) with stale list keys, written again: the items read. */
async function move<T extends object>(records: Entity<T>, source: Omit<Source, 'desc'>, result: ListKeysResult) {
  let read = 0;
  for await (const stored of queryAll(source)) {
    read++;
    const record = records.parse(stored);
    await putSearchEntries(records, record, stored.version, result);
    const fresh = records.item(record);
    if (sameKeys(stored, fresh)) continue;
    if (await rewriteAtVersion(fresh, stored.version)) result.rewritten++;
  }
  result.read[records.name] = read;
}

const inOrder = (items: readonly (Item & Key)[]) => items.filter((i) => i.entity === IN_ORDER_ENTRY);

/** A record's in-order search entries, put; taken back if the record changed since it was read at `version`. */
async function putSearchEntries<T extends object>(
  records: Entity<T>,
  record: T,
  version: unknown,
  result: ListKeysResult,
) {
  const entries = inOrder(records.searchItems(record));
  if (!entries.length) return;
  await batchPut(entries);
  result.searchEntries += entries.length;
  const now = await getItem(records.key(record));
  if (now?.version === version) return;
  const current = new Set(now ? inOrder(records.searchItems(records.parse(now))).map((i) => `${i.PK}|${i.SK}`) : []);
  await batchDelete(entries.filter((i) => !current.has(`${i.PK}|${i.SK}`)).map(({ PK, SK }) => ({ PK, SK })));
}

/** The entities whose lists are sorted through list-sort indexes with a tie-break: products, users, stock lines. */
export async function migrateListKeys(): Promise<ListKeysResult> {
  const result: ListKeysResult = { read: {}, rewritten: 0, searchEntries: 0 };
  await move(productRecords, productSource('all'), result);
  await move(userRecords, userSource('all'), result);
  await move(stockRecords, { index: STOCK_EVERY_OWNER_INDEX, pk: EVERY_OWNER_STOCK }, result);
  return result;
}
