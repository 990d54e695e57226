/**
 * One lot, one stock line (spec 3 §3, spec 2 §5 stock creation): a new lot equal to an existing one on product,
 * warehouse, segment, quality, batch, use-by and best-before dates reuses its line. Every line claims its lot's
 * natural key (LOT#…) by a conditional put, so finding a lot's line is one keyed read, whatever the number of lines
 * of the product, and two documents creating the same lot at once end with one line:
 *
 *   claim LOT#… ── free: put it naming a new line, then make sure that line exists (a creator that died between the
 *     │            two leaves a claim the next one completes)
 *     └─ taken (before, or by a concurrent put): the line it names
 */

import { clock } from '@cellar/shared/common/clock';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { mapBounded } from '../data/fan-out';
import { newId } from '../data/ids';
import { keys } from '../data/keys';
import { batchGet, getItem, putNew } from '../data/table';
import { TRANSACTION_MAX_ACTIONS, TransactionCancelledError, transactWrite } from '../data/transact';
import { ItemExistsError } from '../errors';
import { insertStock, type StockItem, stockRecords } from './repository';

export interface Lot {
  ownerId: string;
  productId: string;
  productCode: string;
  warehouseId: string;
  segment: SegmentCode | null;
  quality: string;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
}

/** Empty values are no value: '' and null are the same lot. */
export const normalLot = (l: Lot): Lot => ({
  ...l,
  batch: l.batch?.trim() || null,
  ubd: l.ubd || null,
  bbd: l.bbd || null,
});

async function claimant(l: Lot): Promise<string | undefined> {
  const found = await getItem<{ id?: unknown }>(keys.lot(l.ownerId, l));
  return typeof found?.id === 'string' ? found.id : undefined;
}

/** A lot's new line, empty. */
const emptyLine = (id: string, l: Lot, product: StockItem['product']): StockItem => ({
  id,
  ownerId: l.ownerId,
  productId: l.productId,
  productCode: l.productCode,
  product,
  warehouseId: l.warehouseId,
  segment: l.segment,
  quality: l.quality,
  batch: l.batch,
  ubd: l.ubd,
  bbd: l.bbd,
  quantity: 0,
  quantity_allocated: 0,
  quantity_receive_in_progress: 0,
  quantity_on_arriving: 0,
  storedAt: null,
  createdAt: clock.iso(),
  version: 1,
});

/** The line a claim names, written now if its creator did not live to write it. */
async function ensureLine(id: string, l: Lot, product: StockItem['product']): Promise<string> {
  if (await getItem(keys.stock(l.ownerId, l.productCode, id))) return id;
  try {
    await insertStock(emptyLine(id, l, product), true);
  } catch (e) {
    if (!(e instanceof ItemExistsError)) throw e;
  }
  return id;
}

/** The id of the stock line of a lot: the existing one, or one created empty (carrying what it shows of `product`). */
export async function lotLine(lot: Lot, product: StockItem['product']): Promise<string> {
  const l = normalLot(lot);
  const claimed = await claimant(l);
  if (claimed) return ensureLine(claimed, l, product);
  const id = newId();
  try {
    await putNew({ ...keys.lot(l.ownerId, l), entity: 'lotClaim', id });
  } catch (e) {
    if (!(e instanceof ItemExistsError)) throw e;
    const winner = await claimant(l);
    if (!winner) throw e;
    return ensureLine(winner, l, product);
  }
  return ensureLine(id, l, product);
}

/** A claim and its line: two actions of a transaction's 100. */
const LOTS_PER_TRANSACTION = TRANSACTION_MAX_ACTIONS / 2;

const claimId = (l: Lot) => {
  const k = keys.lot(l.ownerId, l);
  return `${k.PK}\u0000${k.SK}`;
};

/**
 * The lines of many lots at once (a reception's new lots), as `lotLine` finds or creates each, in batches: the
 * claims read 100 at a time; each free lot's claim and empty line put together, 50 lots to a transaction (all or
 * none, so no claim is ever left without its line; a claim taken meanwhile sends that batch's lots through
 * `lotLine`), their search words written before in batches, their counters moved once after. A reception of 500
 * new lots costs a few dozen requests, not 3,000.
 * Answers each lot's line id, in the order of `lots`.
 */
export async function lotLines(lots: readonly { lot: Lot; product: StockItem['product'] }[]): Promise<string[]> {
  const wanted = new Map<string, { lot: Lot; product: StockItem['product'] }>();
  for (const { lot, product } of lots) {
    const l = normalLot(lot);
    wanted.set(claimId(l), { lot: l, product });
  }
  const found = new Map<string, string>();
  for (const claim of await batchGet(
    [...wanted.values()].map(({ lot }) => keys.lot(lot.ownerId, lot)),
    true,
  )) {
    if (typeof claim.id === 'string') found.set(`${claim.PK}\u0000${claim.SK}`, claim.id);
  }
  // Lots claimed already: the lines they name, the one a creator left unwritten written now (ensureLine).
  const claimed = [...found].map(([k, id]) => ({
    id,
    ...(wanted.get(k) as { lot: Lot; product: StockItem['product'] }),
  }));
  const lines = new Set(
    (
      await batchGet(
        claimed.map(({ id, lot }) => keys.stock(lot.ownerId, lot.productCode, id)),
        true,
      )
    ).map((item) => String(item.id)),
  );
  await mapBounded(
    claimed.filter(({ id }) => !lines.has(id)),
    ({ id, lot, product }) => ensureLine(id, lot, product),
  );
  // Free lots: each claim and its empty line in one transaction, 50 lots to a transaction (two actions each).
  const free = [...wanted].filter(([k]) => !found.has(k));
  for (let i = 0; i < free.length; i += LOTS_PER_TRANSACTION) {
    const batch = free.slice(i, i + LOTS_PER_TRANSACTION).map(([k, w]) => ({ k, ...w, id: newId() }));
    const staged = await stockRecords.stageNew(batch.map(({ id, lot, product }) => emptyLine(id, lot, product)));
    try {
      await transactWrite([
        ...batch.map(({ lot, id }) => ({
          put: { ...keys.lot(lot.ownerId, lot), entity: 'lotClaim', id },
          condition: 'attribute_not_exists(PK)',
        })),
        ...staged.actions,
      ]);
    } catch (e) {
      await staged.abandoned();
      if (!(e instanceof TransactionCancelledError)) throw e;
      // Another document claimed one of these lots meanwhile: each lot of the batch goes the single way.
      const ids = await mapBounded(batch, ({ lot, product }) => lotLine(lot, product));
      for (const [j, { k }] of batch.entries()) found.set(k, ids[j] as string);
      continue;
    }
    await staged.committed();
    for (const { k, id } of batch) found.set(k, id);
  }
  return lots.map(({ lot }) => found.get(claimId(normalLot(lot))) as string);
}
