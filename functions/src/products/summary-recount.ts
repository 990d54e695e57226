/**
 * The repair of the products' stock summaries, a segment of the scheduled recount (counters/recount.ts). A summary
 * follows the transaction of its lines outside it (stocks/ledger.ts), as the counters do: a process dying between
 * the two leaves it off, and nothing else would ever put it right.
 *
 *   each product ── its lines read and summed ── off? ── pause ── read again: lines and product unmoved, still off?
 *                                                                     └─ SET stock = sum IF version = read
 *
 * The second reading is what makes a repair safe beside live traffic: a change whose transaction is in but whose
 * summary update is still on its way shows as "off" for a moment; repairing then would count it twice once its
 * update lands. That update moves the product's version within milliseconds, so a product unmoved across the pause
 * holds a summary that is really off.
 */

import type { Repair } from '../data/counters';
import { keys } from '../data/keys';
import { batchGet, type Key, queryAll, updateIf } from '../data/table';
import { type StockItem, stockRecords, summaryOf } from '../stocks/repository';
import { type ProductItem, productRecords, type StockSummary } from './repository';

export interface SummaryRecount {
  entity: 'productSummary';
  records: number;
  counters: number;
  /** Products whose summary was repaired: the quantity it said, and what its lines hold. */
  repaired: Repair[];
  /** Products found off but moving meanwhile, left for the next run. */
  skipped: number;
}

/** Two summaries say the same when every figure is, a missing entry counting as zero. */
export function sameSummary(a: StockSummary, b: StockSummary): boolean {
  if (a.quantity !== b.quantity) return false;
  const keysOf = new Set([...Object.keys(a.sellable), ...Object.keys(b.sellable)]);
  return [...keysOf].every((k) => (a.sellable[k] ?? 0) === (b.sellable[k] ?? 0));
}

/** Only what is not zero: a repaired summary keeps no empty entry. */
const compact = (s: StockSummary): StockSummary => ({
  quantity: s.quantity,
  sellable: Object.fromEntries(Object.entries(s.sellable).filter(([, n]) => n !== 0)),
});

async function linesOf(p: Pick<ProductItem, 'ownerId' | 'code'>): Promise<StockItem[]> {
  const out: StockItem[] = [];
  for await (const item of queryAll({ pk: keys.tenant(p.ownerId), skPrefix: keys.stockPrefix(p.code) })) {
    out.push(stockRecords.parse(item));
  }
  return out;
}

/** Reads every product's lines and repairs the summaries found off (`settleMs`: the pause before the second look). */
export async function recountSummaries(settleMs = 1_000): Promise<SummaryRecount> {
  const repaired: Repair[] = [];
  let records = 0;
  let checked = 0;
  let skipped = 0;
  for (const source of (await productRecords.everywhere?.()) ?? []) {
    for await (const item of queryAll(source)) {
      const p = productRecords.parse(item);
      checked++;
      const lines = await linesOf(p);
      records += lines.length;
      const sum = summaryOf(lines);
      if (sameSummary(p.stock, sum)) continue;
      await new Promise((r) => setTimeout(r, settleMs));
      const key: Key = keys.product(p.ownerId, p.code);
      const [stored] = await batchGet([key], true);
      const again = stored ? productRecords.parse(stored) : undefined;
      const now = summaryOf(await linesOf(p));
      if (!again || again.version !== p.version || !sameSummary(now, sum)) {
        skipped++;
        continue;
      }
      const applied = await updateIf(key, {
        update: 'SET #s = :s, #v = #v + :one',
        condition: '#v = :v',
        names: { '#s': 'stock', '#v': 'version' },
        values: { ':s': compact(now), ':one': 1, ':v': p.version },
      });
      if (applied) repaired.push({ key, was: p.stock.quantity, now: now.quantity });
      else skipped++;
    }
  }
  return { entity: 'productSummary', records, counters: checked, repaired, skipped };
}
