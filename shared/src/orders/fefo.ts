/**
 * The allocation modal's auto-fill (issue 10): first expired, first out. Lots with the earliest use-by date
 * come first, then the earliest best-before date, then the oldest batch (the lot stored first, then the batch
 * number); lots without a date come after those with one. Lots expiring within 30 days are flagged.
 */
import { clock } from '../common/clock';
import { todayIn } from '../common/dates';

export const EXPIRY_WARNING_DAYS = 30;

export interface FefoLot {
  stockId: string;
  available: number;
  ubd: string | null;
  bbd: string | null;
  batch: string | null;
  /** When the lot came in (its stock line's creation). */
  createdAt?: string | null;
}

const later = (a: string | null | undefined, b: string | null | undefined) => {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return a < b ? -1 : 1;
};

/** The lots in FEFO order. */
export const fefoOrder = <T extends FefoLot>(lots: readonly T[]): T[] =>
  [...lots].sort(
    (x, y) =>
      later(x.ubd, y.ubd) ||
      later(x.bbd, y.bbd) ||
      later(x.createdAt, y.createdAt) ||
      later(x.batch, y.batch) ||
      later(x.stockId, y.stockId),
  );

/**
 * Fills `required` from the lots in FEFO order, each up to what it has available; the result omits lots left at 0.
 * @example fefoFill([{ stockId: 'a', available: 4, ubd: '2027-01-01', … }, …], 6) // [{ stockId: 'a', quantity: 4 }, …]
 */
export function fefoFill(lots: readonly FefoLot[], required: number): { stockId: string; quantity: number }[] {
  const out: { stockId: string; quantity: number }[] = [];
  let left = Math.max(0, Math.trunc(required));
  for (const lot of fefoOrder(lots)) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, lot.available));
    if (take > 0) out.push({ stockId: lot.stockId, quantity: take });
    left -= take;
  }
  return out;
}

/** The lot's first date that ends its life (use-by, else best-before). */
const endOfLife = (lot: Pick<FefoLot, 'ubd' | 'bbd'>) => lot.ubd ?? lot.bbd;

/** A lot whose use-by (else best-before) date falls within 30 days of today (Europe/Paris), or is past. */
export function expiresSoon(lot: Pick<FefoLot, 'ubd' | 'bbd'>, now: Date = clock.now()): boolean {
  const end = endOfLife(lot);
  if (!end) return false;
  const limit = new Date(Date.parse(`${todayIn(undefined, now)}T12:00:00Z`) + EXPIRY_WARNING_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return end <= limit;
}
