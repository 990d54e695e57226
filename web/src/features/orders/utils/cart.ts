/**
 * The order's cart (spec 2 §4 "Wizard rules"): ordered quantities per stock line (lot). A quantity above 0 on a
 * product sets its lines (one lot, or the split the allocation modal made), zero or empty removes them.
 */
import { expiresSoon } from '@cellar/shared/orders/fefo';
import type { Order, OrderLineInput } from '@cellar/shared/orders/schemas';
import type { Stock } from '@cellar/shared/stocks/schemas';
import type { CartRow } from '../../../components/documents/cart-table';

export interface OrderCartProduct {
  id: string;
  code: string;
  label: string;
}

export interface OrderCartLine {
  stockId: string;
  product: OrderCartProduct;
  warehouseId: string | null;
  warehouseCode: string;
  quality: string;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
  ordered: number;
}

/** The cart of a stored order, in line order. */
export const cartOfOrder = (order: Pick<Order, 'stocks'>): OrderCartLine[] =>
  [...(order.stocks ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      stockId: l.stockId,
      product: { id: l.product.id, code: l.product.code, label: l.product.label },
      warehouseId: l.warehouse?.id ?? null,
      warehouseCode: l.warehouse?.code ?? '',
      quality: l.quality,
      batch: l.batch,
      ubd: l.ubd,
      bbd: l.bbd,
      ordered: l.ordered,
    }));

/** A cart line taking `ordered` from a lot. */
export const lineOfLot = (product: OrderCartProduct, lot: Stock, ordered: number): OrderCartLine => ({
  stockId: lot.id,
  product,
  warehouseId: lot.warehouse?.id ?? null,
  warehouseCode: lot.warehouse?.code ?? '',
  quality: lot.quality,
  batch: lot.batch,
  ubd: lot.ubd,
  bbd: lot.bbd,
  ordered,
});

/** The product's lines replaced by `lines` (none removes it), keeping the others in place. */
export function withProductLines(
  cart: readonly OrderCartLine[],
  productId: string,
  lines: readonly OrderCartLine[],
): OrderCartLine[] {
  const at = cart.findIndex((l) => l.product.id === productId);
  const others = cart.filter((l) => l.product.id !== productId);
  if (at < 0) return [...others, ...lines];
  const before = cart.slice(0, at).filter((l) => l.product.id !== productId).length;
  return [...others.slice(0, before), ...lines, ...others.slice(before)];
}

export const withoutLine = (cart: readonly OrderCartLine[], stockId: string) =>
  cart.filter((l) => l.stockId !== stockId);

/** The cart's quantity of a product (what its quantity field shows). */
export const orderedOf = (cart: readonly OrderCartLine[], productId: string) =>
  cart.filter((l) => l.product.id === productId).reduce((n, l) => n + l.ordered, 0);

/** The lines as the API takes them. */
export const linesBody = (cart: readonly OrderCartLine[]): OrderLineInput[] =>
  cart.map((l) => ({ stockId: l.stockId, ordered: l.ordered }));

/** The number of products (the new-or-continue modal's count). */
/** The lines as the cart table shows them, with the server's message of a refused line. */
export const orderCartRows = (
  cart: readonly OrderCartLine[],
  errors: Readonly<Record<string, string>> = {},
  now?: Date,
): CartRow[] =>
  cart.map((l) => ({
    key: l.stockId,
    productCode: l.product.code,
    label: l.product.label,
    warehouse: l.warehouseCode,
    batch: l.batch,
    ubd: l.ubd,
    bbd: l.bbd,
    quality: l.quality,
    quantity: l.ordered,
    expiresSoon: expiresSoon(l, now),
    error: errors[l.stockId],
  }));

/**
 * The server's messages about lines (`stocks.<index>.<field>`, or `stocks.<stockId>.…` for a line it could not
 * place), by stock line of the cart that was sent.
 */
export function lineErrors(cart: readonly OrderCartLine[], fieldErrors: Record<string, string[]>) {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = /^stocks\.([^.]+)\./.exec(field);
    if (!match?.[1]) continue;
    const index = Number(match[1]);
    const stockId = Number.isInteger(index) ? cart[index]?.stockId : match[1];
    if (stockId) out[stockId] = [out[stockId], ...messages].filter(Boolean).join(' ');
  }
  return out;
}
