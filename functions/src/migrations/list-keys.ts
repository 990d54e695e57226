/**
 * The moves of stored items to the list-sort keys their records give now:
 * - data format 11 to 12: a product's list-sort keys carry its code after their own value (the product list's
 *   tie-break, ListSpec.tieBreak), so that a filter of one value (a colour, a vintage) is read a page at a time in
 *   the list's order;
 * - data format 12 to 13: a user is also sorted in its company's own list-sort partition (LS8–LS13,
 *   USER_COMPANY_SORTS), so that a company's list sorted by e-mail reads its own users, not everyone's.
 * Each item whose keys differ is written again with those its record gives now, on condition that nobody changed it
 * meanwhile (a record changed since was written with the new keys by its change). Run by `npm run
 * migrate-list-keys` on a deployed stage, and by the local runtime on data one format behind. Safe to run again: an
 * item whose keys are current is left alone.
 */
import { LIST_SORT_INDEXES } from '@cellar/shared/filter/query';
import type { Entity } from '../data/entity';
import { type Item, queryAll, rewriteAtVersion, type Source } from '../data/table';
import { productRecords, productSource } from '../products/repository';
import { userRecords, userSource } from '../users/repository';

export interface ListKeysResult {
  /** Items read, by entity. */
  read: Record<string, number>;
  rewritten: number;
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
    const fresh = records.item(records.parse(stored));
    if (sameKeys(stored, fresh)) continue;
    if (await rewriteAtVersion(fresh, stored.version)) result.rewritten++;
  }
  result.read[records.name] = read;
}

/** The entities whose lists are sorted through list-sort indexes: products, then users. */
export async function migrateListKeys(): Promise<ListKeysResult> {
  const result: ListKeysResult = { read: {}, rewritten: 0 };
  await move(productRecords, productSource('all'), result);
  await move(userRecords, userSource('all'), result);
  return result;
}
