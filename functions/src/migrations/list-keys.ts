/**
 * The move from data format 11 to 12: a product's list-sort keys carry its code after their own value (the
 * product list's tie-break, ListSpec.tieBreak), so that a filter of one value (a colour, a vintage) is read a page
 * at a time in the list's order. Each product's item is written again with the keys its record gives now, on
 * condition that nobody changed it meanwhile (a product changed since was written with the new keys by its change).
 * Run by `npm run migrate-list-keys` on a deployed stage, and by the local runtime on data of format 11. Safe to run
 * again: a product whose keys are current is left alone.
 */
import { LIST_SORT_INDEXES } from '@cellar/shared/filter/query';
import { queryAll, rewriteAtVersion } from '../data/table';
import { productRecords, productSource } from '../products/repository';

export interface ListKeysResult {
  products: number;
  rewritten: number;
}

export async function migrateListKeys(): Promise<ListKeysResult> {
  const result: ListKeysResult = { products: 0, rewritten: 0 };
  for await (const stored of queryAll(productSource('all'))) {
    result.products++;
    const fresh = productRecords.item(productRecords.parse(stored));
    const current = LIST_SORT_INDEXES.every((name) => stored[`${name}SK`] === fresh[`${name}SK`]);
    if (current) continue;
    if (await rewriteAtVersion(fresh, stored.version)) result.rewritten++;
  }
  return result;
}
