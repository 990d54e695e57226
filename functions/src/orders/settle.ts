/**
 * An order's changes of stock through the document kernel (stocks/ledger.ts says how: one transaction, or steps
 * recorded on the order; effects.ts says what each status holds):
 *
 *   send ── the lines' stock read ── one short? ── 409 naming each refused line, nothing allocated
 *            └─ one transaction: the order {status 005} IF version = read, each line allocated IF unchanged;
 *               then the products' summaries
 *   ship ── the same, each allocation turned into an output, one output movement per line
 *
 * A replayed request finds the order already changed and changes nothing; two changes racing on one order end
 * with one of them and a 409.
 */
import { addressDisplayName } from '@cellar/shared/common/address';
import { clock } from '@cellar/shared/common/clock';
import type { OrderStatusCode } from '@cellar/shared/orders/schemas';
import { references } from '../data/reference';
import type { TransactAction } from '../data/transact';
import type { MovementItem } from '../stockMovements/repository';
import {
  commitDocument,
  type DocumentKind,
  type LedgerEffect,
  type LedgerHooks,
  type LedgerShortage,
  settle,
} from '../stocks/ledger';
import type { StockItem } from '../stocks/repository';
import { HOLDING, lineEffects, shippedQuantity } from './effects';
import type { OrderItem, OrderLineItem } from './repository';
import { orderRecords } from './repository';

/** The reason an order's output movement carries (the movements' referential: EXP). */
export const ORDER_REASON = { code: 'EXP', label: 'Expédition commande client' } as const;

export type SettleHooks = LedgerHooks;

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
  /** The lines a send (or an edit) could not allocate: the change was not applied. */
  shortages: Shortage[];
}

const movementId = (orderId: string, seq: number, stockId: string) => `${orderId}-${seq}-${stockId}`;

async function outputMovement(o: OrderItem, e: LedgerEffect, stock: StockItem): Promise<MovementItem> {
  const line = o.lines.find((l) => l.stockId === e.stockId);
  const refs = await references();
  const warehouseId = line?.warehouseId ?? stock.warehouseId;
  const w = refs.warehouses.get(warehouseId);
  return {
    id: e.movement?.id ?? movementId(o.id, o.seq, e.stockId),
    ownerId: o.ownerId,
    date: e.movement?.at ?? clock.iso(),
    reasonCode: ORDER_REASON.code,
    reason: ORDER_REASON.label,
    quantity: e.movement?.quantity ?? 0,
    note: '',
    direction: 'output',
    segment: stock.segment,
    warehouse: w ? { id: w.id, code: w.code, name: w.name } : { id: warehouseId, code: '', name: '' },
    stock: {
      id: stock.id,
      batch: stock.batch,
      ubd: stock.ubd,
      bbd: stock.bbd,
      quality: stock.quality,
      product: { code: e.productCode, label: line?.productLabel ?? '' },
    },
    order: { id: o.id, reference: o.reference, recipient: { displayName: addressDisplayName(o.recipient) } },
    reception: null,
  };
}

export const orderKind: DocumentKind<OrderItem> = {
  name: 'order',
  entity: orderRecords,
  movement: outputMovement,
};

/**
 * What a change of an order does to stock, as the kernel's effects: each line's delta, and the output movement
 * written on shipping (its id and date from this change) or taken back on leaving sent (those of the ship).
 */
export function orderEffects(
  o: { id: string },
  change: {
    seq: number;
    at: string;
    from: OrderStatusCode;
    before: readonly OrderLineItem[];
    to: OrderStatusCode | 'deleted';
    after: readonly OrderLineItem[];
    shipped: { seq: number; at: string } | null;
    /** A warehouse report: what it says happened is applied even where the stock line is short. */
    facts?: boolean;
  },
): LedgerEffect[] {
  // A shipped order that is deleted keeps its output: the goods have left.
  const [to, after] =
    change.to === 'deleted' && change.from === '070'
      ? (['070', change.before] as const)
      : change.to === 'deleted'
        ? (['deleted', []] as const)
        : ([change.to, change.after] as const);
  const lineOf = new Map([...change.before, ...after].map((l) => [l.stockId, l]));
  const now = new Map(after.map((l) => [l.stockId, l]));
  return lineEffects(change.from, change.before, to, after).map((e) => {
    const line = lineOf.get(e.stockId) as OrderLineItem;
    const shippedLine = now.get(e.stockId);
    return {
      stockId: e.stockId,
      productCode: line.productCode,
      delta: e.delta,
      shortageAllowed: change.facts === true,
      movement:
        e.movement === 'write' && shippedLine && shippedQuantity(shippedLine) !== 0
          ? {
              op: 'write',
              id: movementId(o.id, change.seq, e.stockId),
              at: change.at,
              quantity: shippedQuantity(shippedLine),
            }
          : e.movement === 'takeBack' && change.shipped
            ? {
                op: 'takeBack',
                id: movementId(o.id, change.shipped.seq, e.stockId),
                at: change.shipped.at,
                quantity: 0,
              }
            : null,
    };
  });
}

/** The kernel's shortages in the order's terms (the line's label and ordered quantity). */
function shortagesOf(lines: readonly OrderLineItem[], shortages: readonly LedgerShortage[]): Shortage[] {
  return shortages.map((s) => {
    const line = lines.find((l) => l.stockId === s.stockId);
    return {
      stockId: s.stockId,
      productCode: s.productCode,
      productLabel: line?.productLabel ?? '',
      ordered: line?.ordered ?? s.needed,
      available: s.available,
    };
  });
}

/**
 * Saves an order's change with its effects (`previous` undefined: a new order). A change that could not allocate
 * every line writes nothing of its effects; a draft keeps what was typed (saved as a draft), as before the send.
 */
export async function commitOrder(
  next: OrderItem,
  previous: OrderItem | undefined,
  change: {
    from: OrderStatusCode;
    before: OrderLineItem[];
    to: OrderStatusCode | 'deleted';
    effects: LedgerEffect[];
    extra?: TransactAction[];
  },
  hooks: SettleHooks = {},
): Promise<Settled> {
  const restore = { statusCode: change.from, lines: HOLDING.has(change.from) ? change.before : next.lines };
  const { doc, shortages } = await commitDocument(
    orderKind,
    { next, previous, effects: change.effects, to: change.to, restore, at: next.updatedAt, extra: change.extra },
    hooks,
  );
  if (!shortages.length) return { order: doc, shortages: [] };
  const named = shortagesOf([...next.lines, ...change.before], shortages);
  // Undone after some steps (the document was written), or holding stock before: it stands as it was.
  if (doc !== previous || HOLDING.has(change.from) || change.to === 'deleted') return { order: doc, shortages: named };
  // Leaving a draft: what was typed is kept, as a draft.
  const draft: OrderItem = {
    ...next,
    statusCode: change.from,
    seq: previous?.seq ?? 0,
    shipped: previous?.shipped ?? null,
  };
  const kept = await commitDocument(
    orderKind,
    { next: draft, previous, effects: [], to: change.from, restore, at: next.updatedAt },
    hooks,
  );
  return { order: kept.doc, shortages: named };
}

/** Completes an order's change recorded in steps, if any. */
export async function settleOrder(o: OrderItem, hooks: SettleHooks = {}): Promise<Settled> {
  if (!o.transition) return { order: o, shortages: [] };
  const before = o.transition.restore.lines as OrderLineItem[];
  const { doc, shortages } = await settle(orderKind, o, hooks);
  return { order: doc, shortages: shortagesOf([...o.lines, ...before], shortages) };
}

export const totals = (lines: readonly OrderLineItem[]) => ({
  orderedQuantity: lines.reduce((n, l) => n + l.ordered, 0),
  preparedQuantity: lines.reduce((n, l) => n + (l.prepared ?? 0), 0),
});
