/**
 * A document's changes of stock (a reception's expected, in-progress and received quantities), applied once each.
 * dynalite has no transactions, so the mark that a change was applied lives on the item it changes and is written by
 * the same conditional write: a replay, a retry after a crash or a concurrent settler finds the mark and does nothing.
 *
 *   stock line:  read ── effects[doc].seq ≥ seq? ── yes: applied before (replay) ───────────────┐
 *                              └─ no: put line + delta + effects[doc] = {seq, Δsummary} IF version = read
 *                                        └─ version moved meanwhile: read again                 │
 *   product:     read ── effects[doc:line] ≥ seq? ── yes: done ◄──────────────────────────────────┘
 *                              └─ no: put summary + Δsummary + effects[doc:line] = seq IF version = read
 *
 * A mark is kept after its change completes: two settlers of the same change may run at once (the request that
 * recorded it, and a re-read finding it unfinished), and a mark released by one would let the other apply it again.
 * One mark per document on a line (its later steps overwrite it), one per document line on a product.
 */
import { availableQuantity, isSellable } from '@cellar/shared/stocks/schemas';
import { keys } from '../data/keys';
import { StaleVersionError } from '../errors';
import { productRecords } from '../products/repository';
import { type StockItem, stockRecords, summaryKey } from './repository';

/** What a document adds to a stock line (negative to take back); an order moves what is allocated. */
export interface StockDelta {
  quantity: number;
  quantity_on_arriving: number;
  quantity_receive_in_progress: number;
  quantity_allocated?: number;
}

export const NO_DELTA: StockDelta = { quantity: 0, quantity_on_arriving: 0, quantity_receive_in_progress: 0 };

/** `a` minus `b`, figure by figure. */
export const minusDelta = (a: StockDelta, b: StockDelta): StockDelta => ({
  quantity: a.quantity - b.quantity,
  quantity_on_arriving: a.quantity_on_arriving - b.quantity_on_arriving,
  quantity_receive_in_progress: a.quantity_receive_in_progress - b.quantity_receive_in_progress,
  ...(a.quantity_allocated !== undefined || b.quantity_allocated !== undefined
    ? { quantity_allocated: (a.quantity_allocated ?? 0) - (b.quantity_allocated ?? 0) }
    : {}),
});

/** One stock line's change by a document: the delta, and whether its movement is written or taken back. */
export interface LineEffect {
  stockId: string;
  delta: StockDelta;
  movement: 'write' | 'takeBack' | null;
}

/**
 * What a document's change (of status, lines, or both) does to each stock line it touched before or after, in a
 * stable order (lines after, then lines dropped): the new contribution minus the old one, so going back takes back
 * exactly what was applied; the movement is written on entering `moving` (a reception's close, an order's
 * shipment) and taken back on leaving it. The document says what one line adds in a status (`contribution`).
 */
export function documentLineEffects<S extends string, L extends { stockId: string }>(
  contribution: (status: S | 'deleted', line: L | undefined) => StockDelta,
  moving: S,
  change: { from: S; before: readonly L[]; to: S | 'deleted'; after: readonly L[] },
): LineEffect[] {
  const { from, before, to, after } = change;
  const was = new Map(before.map((l) => [l.stockId, l]));
  const now = new Map(after.map((l) => [l.stockId, l]));
  const movement = (stockId: string): LineEffect['movement'] => {
    if (to === moving && from !== moving && now.has(stockId)) return 'write';
    if (from === moving && to !== moving && was.has(stockId)) return 'takeBack';
    return null;
  };
  return [...new Set([...now.keys(), ...was.keys()])].map((stockId) => ({
    stockId,
    delta: minusDelta(contribution(to, now.get(stockId)), contribution(from, was.get(stockId))),
    movement: movement(stockId),
  }));
}

export const isNoDelta = (d: StockDelta) =>
  d.quantity === 0 &&
  d.quantity_on_arriving === 0 &&
  d.quantity_receive_in_progress === 0 &&
  (d.quantity_allocated ?? 0) === 0;

/** A change that would leave a stock line with less than nothing available (an allocation beyond the stock). */
export class InsufficientStockError extends Error {
  constructor(readonly line: StockItem) {
    super(`Stock line ${line.id} has ${availableQuantity(line)} available`);
    this.name = 'InsufficientStockError';
  }
}

/** Where a stock line is: its key is its owner, product code and id. */
export interface StockRef {
  ownerId: string;
  productCode: string;
  id: string;
}

const sellableQuantity = (s: StockItem) => (isSellable(s) ? availableQuantity(s) : 0);
const productMark = (effect: string, stockId: string) => `${effect}:${stockId}`;

/** Tries a versioned write again on a fresh read while another writer keeps moving the item. */
async function untilSettled<T>(attempt: () => Promise<T>): Promise<T> {
  // Many orders may race on one popular lot: each round one writer wins, the others read again.
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof StaleVersionError) || tries >= 60) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(10 * (tries + 1), 200)));
    }
  }
}

/**
 * Applies `delta` to a stock line once for the step `seq` of the document `effect` (a reception's or an order's
 * id), and its quantity to the product's stock summary; returns the line as it stands after. A delta that lowers
 * what is available is refused (InsufficientStockError) when the line, as read, has less than it takes:
 * `quantity - quantity_allocated >= ordered`, checked on the read and made true by the write's version condition
 * (the line is written only if nobody changed it since). `delta` may depend on the line as read (an undo that
 * takes back only what its step applied); `allowShortage` lets an undo put back what it had released.
 * @example await applyStockEffect(line, reception.id, 3, { ...NO_DELTA, quantity: 120 });
 */
export async function applyStockEffect(
  ref: StockRef,
  effect: string,
  seq: number,
  delta: StockDelta | ((current: StockItem) => StockDelta),
  options: { allowShortage?: boolean } = {},
) {
  const line = await untilSettled(async () => {
    const current = await stockRecords.get(keys.stock(ref.ownerId, ref.productCode, ref.id));
    if (!current) throw new Error(`Stock line ${ref.id} is gone`);
    if ((current.effects?.[effect]?.seq ?? -1) >= seq) return current;
    const d = typeof delta === 'function' ? delta(current) : delta;
    const moved: StockItem = {
      ...current,
      quantity: current.quantity + d.quantity,
      quantity_allocated: current.quantity_allocated + (d.quantity_allocated ?? 0),
      quantity_on_arriving: current.quantity_on_arriving + d.quantity_on_arriving,
      quantity_receive_in_progress: current.quantity_receive_in_progress + d.quantity_receive_in_progress,
    };
    const takesAvailable = d.quantity - (d.quantity_allocated ?? 0) < 0;
    if (takesAvailable && !options.allowShortage && moved.quantity - moved.quantity_allocated < 0)
      throw new InsufficientStockError(current);
    const mark = { seq, quantity: d.quantity, sellable: sellableQuantity(moved) - sellableQuantity(current) };
    return stockRecords.replace({ ...moved, effects: { ...current.effects, [effect]: mark } }, current);
  });
  const mark = line.effects?.[effect];
  if (mark && mark.seq === seq && (mark.quantity !== 0 || mark.sellable !== 0)) {
    await addToSummaryOnce(line, effect, seq, mark);
  }
  return line;
}

async function addToSummaryOnce(
  line: StockItem,
  effect: string,
  seq: number,
  d: { quantity: number; sellable: number },
) {
  const name = productMark(effect, line.id);
  await untilSettled(async () => {
    const product = await productRecords.get(keys.product(line.ownerId, line.productCode));
    if (!product) throw new Error(`Product ${line.productCode} is gone`);
    if ((product.effects?.[name] ?? -1) >= seq) return;
    const k = summaryKey(line);
    const sellable = { ...product.stock.sellable, [k]: (product.stock.sellable[k] ?? 0) + d.sellable };
    await productRecords.replace(
      {
        ...product,
        stock: { quantity: product.stock.quantity + d.quantity, sellable },
        effects: { ...product.effects, [name]: seq },
      },
      product,
    );
  });
}
