/**
 * Applies an order's recorded change to stock (effects.ts says what; stocks/effects.ts makes each write once-only).
 * The change is recorded on the order first (`transition`, in the versioned write that saves the new status: two
 * changes racing on one order end with one of them and a 409), then each line's effect is applied, then the record
 * is cleared:
 *
 *   send ── save order {status 005, transition {seq, from 000, before}} IF version = read ── 409 if it moved
 *            │
 *            ├─ line 1: allocate IF available ≥ ordered (versioned put + mark effects[order] = seq)
 *            ├─ line 2: not enough left ── noted, the other lines still tried (to name every failing one)
 *            │            ✗ a crash anywhere here leaves the transition recorded: the next read completes it
 *            └─ all applied: clear the transition IF version = saved
 *               some refused: save {status 000, transition {seq+1, undoOf seq}}, then on every line take back what
 *               step seq applied (mark seq) and mark the others seq+1 (so a late settler of seq skips them), clear;
 *               the request answers 409 naming each refused line.
 *
 * A replayed request, a redelivered message or a second settler finds the marks (or the movement) and does nothing.
 */
import { addressDisplayName } from '@cellar/shared/common/address';
import { keys } from '../data/keys';
import { references } from '../data/reference';
import { StaleVersionError } from '../errors';
import { type MovementItem, movementRecords } from '../stockMovements/repository';
import { applyStockEffect, InsufficientStockError, isNoDelta, NO_DELTA } from '../stocks/effects';
import type { StockItem } from '../stocks/repository';
import { HOLDING, lineEffects, shippedQuantity } from './effects';
import { findOrder, type OrderItem, type OrderLineItem, orderRecords, type Transition } from './repository';

/** The reason an order's output movement carries (the movements' referential: EXP). */
export const ORDER_REASON = { code: 'EXP', label: 'Expédition commande client' } as const;

/** Lets a test stop the settling after some lines, as a crash would. */
export interface SettleHooks {
  afterLine?: (applied: number) => void | Promise<void>;
}

/** A line that could not be allocated: its product and what its stock line has left. */
export interface Shortage {
  stockId: string;
  productCode: string;
  productLabel: string;
  ordered: number;
  available: number;
}

export interface Settled {
  /** The order as it now stands (undefined once a delete is complete). */
  order: OrderItem | undefined;
  /** The lines a send (or an edit) could not allocate: the change was undone. */
  shortages: Shortage[];
}

const movementId = (orderId: string, seq: number, stockId: string) => `${orderId}-${seq}-${stockId}`;

function outputMovement(
  o: OrderItem,
  line: OrderLineItem,
  stock: StockItem,
  t: Transition,
  warehouse: { id: string; code: string; name: string },
): MovementItem {
  return {
    id: movementId(o.id, t.seq, line.stockId),
    ownerId: o.ownerId,
    date: t.at,
    reasonCode: ORDER_REASON.code,
    reason: ORDER_REASON.label,
    quantity: shippedQuantity(line),
    note: '',
    direction: 'output',
    segment: stock.segment,
    warehouse,
    stock: {
      id: stock.id,
      batch: stock.batch,
      ubd: stock.ubd,
      bbd: stock.bbd,
      quality: stock.quality,
      product: { code: line.productCode, label: line.productLabel },
    },
    order: { id: o.id, reference: o.reference, recipient: { displayName: addressDisplayName(o.recipient) } },
    reception: null,
  };
}

async function takeBackMovement(o: OrderItem, shipped: { seq: number; at: string }, stockId: string) {
  const found = await movementRecords.get({
    PK: keys.movements(o.ownerId),
    SK: `${shipped.at}#${movementId(o.id, shipped.seq, stockId)}`,
  });
  if (found) await movementRecords.removeIfPresent(found);
}

/** The lines the transition moves to, and the status whose contribution they take. */
function target(o: OrderItem, t: Transition) {
  // A shipped order that is deleted keeps its output: the goods have left.
  if (t.to === 'deleted') return t.from === '070' ? { to: '070' as const, after: t.before } : { to: t.to, after: [] };
  return { to: t.to, after: o.lines };
}

export async function settleOrder(o: OrderItem, hooks: SettleHooks = {}): Promise<Settled> {
  const t = o.transition;
  if (!t) return { order: o, shortages: [] };
  const { to, after } = target(o, t);
  const afterById = new Map(after.map((l) => [l.stockId, l]));
  const lineOf = new Map([...t.before, ...after].map((l) => [l.stockId, l]));
  const shortages: Shortage[] = [];
  let applied = 0;
  for (const effect of lineEffects(t.from, t.before, to, after)) {
    const line = lineOf.get(effect.stockId);
    const ref = { ownerId: o.ownerId, productCode: line?.productCode ?? '', id: effect.stockId };
    const undoOf = t.undoOf;
    // An undo takes back only what its step applied: a line marked by that step, and nothing on the others.
    // (The undo's own delta is the step's, negated.)
    const delta =
      undoOf === null ? effect.delta : (s: StockItem) => (s.effects?.[o.id]?.seq === undoOf ? effect.delta : NO_DELTA);
    let stock: StockItem | undefined;
    try {
      stock =
        isNoDelta(effect.delta) && undoOf === null
          ? undefined
          : await applyStockEffect(ref, o.id, t.seq, delta, { allowShortage: undoOf !== null });
    } catch (e) {
      if (!(e instanceof InsufficientStockError) || !line) throw e;
      shortages.push({
        stockId: effect.stockId,
        productCode: line.productCode,
        productLabel: line.productLabel,
        ordered: line.ordered,
        available: Math.max(0, e.line.quantity - e.line.quantity_allocated),
      });
    }
    const now = afterById.get(effect.stockId);
    if (effect.movement === 'write' && now && stock && shippedQuantity(now) > 0) {
      const refs = await references();
      const w = refs.warehouses.get(now.warehouseId);
      const warehouse = w ? { id: w.id, code: w.code, name: w.name } : { id: now.warehouseId, code: '', name: '' };
      await movementRecords.insertOnce(outputMovement(o, now, stock, t, warehouse));
    }
    if (effect.movement === 'takeBack' && t.shipped) await takeBackMovement(o, t.shipped, effect.stockId);
    applied++;
    await hooks.afterLine?.(applied);
  }
  if (shortages.length) return { order: await undo(o, t), shortages };
  if (t.to === 'deleted') {
    await orderRecords.removeIfPresent(o);
    return { order: undefined, shortages };
  }
  try {
    return { order: await orderRecords.replace({ ...o, transition: null }, o), shortages };
  } catch (e) {
    if (!(e instanceof StaleVersionError)) throw e;
    // Another settler cleared it first (or a later change followed): the order as it is now.
    const now = await findOrder(o.id);
    return now?.transition?.seq === t.seq ? settleOrder(now, hooks) : { order: now, shortages };
  }
}

/**
 * Puts an order whose step could not allocate every line back as it was (its status; its lines too when it held
 * stock before, as an edit in 010 did), then takes back what that step applied.
 */
async function undo(o: OrderItem, t: Transition): Promise<OrderItem | undefined> {
  const seq = o.seq + 1;
  const lines = HOLDING.has(t.from) ? t.before : o.lines;
  const back: OrderItem = {
    ...o,
    statusCode: t.from,
    lines,
    ...totals(lines),
    seq,
    transition: {
      seq,
      from: t.to === 'deleted' ? t.from : t.to,
      before: t.to === 'deleted' ? t.before : o.lines,
      to: t.from,
      at: new Date().toISOString(),
      shipped: null,
      undoOf: t.seq,
    },
  };
  let saved: OrderItem;
  try {
    saved = await orderRecords.replace(back, o);
  } catch (e) {
    if (!(e instanceof StaleVersionError)) throw e;
    const now = await findOrder(o.id);
    return now ? (await settleOrder(now)).order : undefined;
  }
  return (await settleOrder(saved)).order;
}

export const totals = (lines: readonly OrderLineItem[]) => ({
  orderedQuantity: lines.reduce((n, l) => n + l.ordered, 0),
  preparedQuantity: lines.reduce((n, l) => n + (l.prepared ?? 0), 0),
});
