/**
 * The reception's cart (spec 3 §4): the stock lines chosen in step 2. A quantity above 0 adds the product, zero or
 * empty removes its lines. A product managing several stocks (batch, dates) has one line per stock line or new
 * lot; any other product has a single line, its quantity replaced on each entry.
 */
import { managesMultipleStock, type Product } from '@cellar/shared/products/schemas';
import type { Reception, receptionLineInput } from '@cellar/shared/receptions/schemas';
import { parseWholeNumber } from '@cellar/shared/validation/validators';
import type * as z from 'zod';
import type { CartRow } from '../../../components/documents/cart-table';

export interface CartProduct {
  id: string;
  code: string;
  label: string;
  hasBatch: boolean;
  hasBbd: boolean;
  hasUbd: boolean;
}

export interface CartLine {
  product: CartProduct;
  /** The existing stock line fed, or null for a new lot described below. */
  stockId: string | null;
  quality: string;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
  expected: number;
}

export const DEFAULT_QUALITY = 'STD';

export const cartProductOf = (p: Product): CartProduct => ({
  id: p.id,
  code: p.code,
  label: p.label,
  hasBatch: p.hasBatch,
  hasBbd: p.hasBbd,
  hasUbd: p.hasUbd,
});

/** What tells two lines apart: the stock line, or the lot of a product not stored yet. */
export const lineKey = (l: CartLine): string =>
  l.stockId ? `stock:${l.stockId}` : `lot:${l.product.id}|${l.quality}|${l.batch ?? ''}|${l.ubd ?? ''}|${l.bbd ?? ''}`;

/** A quantity as typed: a whole number above 0, or null (empty, 0, negative or not a number). */
export function positiveQuantity(value: string | number | null | undefined): number | null {
  const n = parseWholeNumber(value);
  return n !== null && n > 0 ? n : null;
}

export const withoutProduct = (cart: readonly CartLine[], productId: string): CartLine[] =>
  cart.filter((l) => l.product.id !== productId);

export const withoutLine = (cart: readonly CartLine[], key: string): CartLine[] =>
  cart.filter((l) => lineKey(l) !== key);

/** Adds a line, or sets the quantity of the line already there for the same stock or lot. */
export function withLine(cart: readonly CartLine[], line: CartLine): CartLine[] {
  const key = lineKey(line);
  return cart.some((l) => lineKey(l) === key)
    ? cart.map((l) => (lineKey(l) === key ? { ...l, expected: line.expected } : l))
    : [...cart, line];
}

/**
 * A quantity typed on a product of the grid that manages a single stock: its one line is set (keeping the stock
 * line it already names), or removed when the quantity is not above 0.
 */
export function withProductQuantity(
  cart: readonly CartLine[],
  product: CartProduct,
  value: string | number | null | undefined,
): CartLine[] {
  const expected = positiveQuantity(value);
  if (expected === null) return withoutProduct(cart, product.id);
  const current = cart.find((l) => l.product.id === product.id);
  if (current) return cart.map((l) => (l === current ? { ...l, expected } : l));
  return [...cart, { product, stockId: null, quality: DEFAULT_QUALITY, batch: null, ubd: null, bbd: null, expected }];
}

/** What entering a quantity on a product does: remove, set its single line, or ask which stock line. */
export function quantityAction(
  product: CartProduct,
  value: string | number | null | undefined,
): 'remove' | 'set' | 'chooseStock' {
  if (positiveQuantity(value) === null) return 'remove';
  return managesMultipleStock(product) ? 'chooseStock' : 'set';
}

/** The cart's quantity of a product (what its quantity field shows). */
export const productQuantity = (cart: readonly CartLine[], productId: string): number =>
  cart.filter((l) => l.product.id === productId).reduce((sum, l) => sum + l.expected, 0);

/**
 * The lines as the API takes them: a stock line named (its lot, quality included, is the line's: a BLO or NC line
 * has a quality no new lot may take), or a new lot described.
 */
export const linesBody = (cart: readonly CartLine[]): z.input<typeof receptionLineInput>[] =>
  cart.map((l) =>
    l.stockId
      ? { productId: l.product.id, stockId: l.stockId, expected: l.expected }
      : {
          productId: l.product.id,
          quality: l.quality as 'STD',
          batch: l.batch,
          ubd: l.ubd,
          bbd: l.bbd,
          expected: l.expected,
        },
  );

/** The cart of a stored reception, in line order. */
export const cartOf = (reception: Pick<Reception, 'stocks'>): CartLine[] =>
  [...(reception.stocks ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      product: {
        id: l.product.id,
        code: l.product.code,
        label: l.product.label,
        hasBatch: l.product.hasBatch,
        hasBbd: l.product.hasBbd,
        hasUbd: l.product.hasUbd,
      },
      stockId: l.stockId,
      quality: l.quality,
      batch: l.batch,
      ubd: l.ubd,
      bbd: l.bbd,
      expected: l.expected,
    }));

/** The lines as the cart table shows them. */
export const cartRows = (cart: readonly CartLine[]): CartRow[] =>
  cart.map((l) => ({
    key: lineKey(l),
    productCode: l.product.code,
    label: l.product.label,
    batch: l.batch,
    ubd: l.ubd,
    bbd: l.bbd,
    quality: l.quality,
    quantity: l.expected,
  }));
