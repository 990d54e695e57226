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
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { ulid } from 'ulid';
import { keys } from '../data/keys';
import { getItem, putNew } from '../data/table';
import { ItemExistsError } from '../errors';
import { insertStock, type StockItem } from './repository';

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

/** The line a claim names, written now if its creator did not live to write it. */
async function ensureLine(id: string, l: Lot, product: StockItem['product']): Promise<string> {
  if (await getItem(keys.stock(l.ownerId, l.productCode, id))) return id;
  const now = new Date().toISOString();
  try {
    await insertStock(
      {
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
        createdAt: now,
        version: 1,
      },
      true,
    );
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
  const id = ulid();
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
