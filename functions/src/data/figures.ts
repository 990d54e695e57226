/**
 * The dashboard's figures as counters, kept by the same writes that change orders, receptions and stock lines
 * (their entities declare them: `counters`), per owner and for every owner (`ALL`), so that the dashboard reads a
 * few counter items whatever the volume:
 *   PK COUNT#<T#owner|ALL>   SK DASH#ORDER#<yyyy-mm>#orders       orders created that month (Paris), drafts excluded
 *                            SK DASH#ORDER#<yyyy-mm>#bottles      bottles of those sent or validated
 *                            SK DASH#RECEPTION#<yyyy-mm>          receptions created, in progress or closed
 *   PK COUNT#T#<owner>       SK DASH#STOCK#product#<id>           the product's stock lines with something sellable
 *                                                                 (its owner's only: a product has one owner)
 *   PK COUNT#<T#owner|ALL>   SK DASH#STOCK#references             products with something sellable: the product
 *                                                                 counters above zero (their `presence`, in both)
 *                            SK DASH#STOCK#bottles                bottles in stock
 * A counter moves only when the versioned write of its record succeeded (entity.ts), so a retried request or a
 * redelivered message, which finds the change already made, moves nothing; a crash between the record and its
 * counter is repaired by the recount, which also zeroes the months no record adds to any more (`figureRanges`).
 */

import { todayIn, WAREHOUSE_TIME_ZONE } from '@cellar/shared/common/dates';
import { BOTTLES_SENT_STATUSES, YEAR_ORDER_STATUSES, YEAR_RECEPTION_STATUSES } from '@cellar/shared/dashboard/statuses';
import { isSellable } from '@cellar/shared/stocks/schemas';
import type { CounterKey } from './entity';
import { keys } from './keys';
import { companies } from './reference';
import { queryAll, readCounter, type Source } from './table';

const ALL = 'ALL';
const ORDER = 'DASH#ORDER#';
const RECEPTION = 'DASH#RECEPTION#';
const STOCK = 'DASH#STOCK#';

const scopes = (ownerId: string) => [keys.tenant(ownerId), ALL];
const scopeOf = (owner: string | 'all') => (owner === 'all' ? ALL : keys.tenant(owner));

/** The month (yyyy-mm) of an instant in the warehouses' time zone. */
export const monthOf = (iso: string) => todayIn(WAREHOUSE_TIME_ZONE, new Date(iso)).slice(0, 7);

const has = (list: readonly string[], code: string) => list.includes(code);

/** What an order adds: one to its month unless a draft, and its bottles when sent or validated. */
export function orderFigures(o: {
  ownerId: string;
  statusCode: string;
  createdAt: string;
  lines: readonly { ordered: number; prepared: number | null }[];
}): CounterKey[] {
  if (!has(YEAR_ORDER_STATUSES, o.statusCode)) return [];
  const month = monthOf(o.createdAt);
  const bottles = o.lines.reduce((n, l) => n + (l.prepared ?? l.ordered), 0);
  return scopes(o.ownerId).flatMap((scope) => [
    keys.counter(scope, `${ORDER}${month}#orders`),
    ...(has(BOTTLES_SENT_STATUSES, o.statusCode)
      ? [{ ...keys.counter(scope, `${ORDER}${month}#bottles`), by: bottles }]
      : []),
  ]);
}

/** What a reception adds: one to its month when created, in progress or closed. */
export function receptionFigures(r: { ownerId: string; statusCode: string; createdAt: string }): CounterKey[] {
  if (!has(YEAR_RECEPTION_STATUSES, r.statusCode)) return [];
  return scopes(r.ownerId).map((scope) => keys.counter(scope, `${RECEPTION}${monthOf(r.createdAt)}`));
}

/**
/**
 * What a stock line adds: one to its product's sellable lines while something is sellable (the product is one
 * reference in stock while any of its lines is; `sellable`: as its figures say, or as its stored index entry says:
 * stocks/repository.ts), and its bottles.
 */
export function stockFigures(
  s: {
    ownerId: string;
    productId: string;
    quantity: number;
    quantity_allocated: number;
    quality: string;
  },
  sellable = isSellable(s),
): CounterKey[] {
  const product = {
    ...keys.counter(keys.tenant(s.ownerId), `${STOCK}product#${s.productId}`),
    // A product is its owner's: crossing zero, its lines count it among the owner's references and everyone's.
    presence: scopes(s.ownerId).map((scope) => keys.counter(scope, `${STOCK}references`)),
  };
  return [
    ...(sellable ? [product] : []),
    ...scopes(s.ownerId).map((scope) => ({ ...keys.counter(scope, `${STOCK}bottles`), by: s.quantity })),
  ];
}

/** Where an entity's dashboard counters live, per owner and for every owner (for the recount). */
const rangesOf = (prefix: string) => async (): Promise<Omit<Source, 'desc'>[]> =>
  [...[...(await companies.get()).keys()].map(keys.tenant), ALL].map((scope) => ({
    pk: keys.counter(scope, '').PK,
    skPrefix: prefix,
  }));
export const orderFigureRanges = rangesOf(ORDER);
export const receptionFigureRanges = rangesOf(RECEPTION);
export const stockFigureRanges = rangesOf(STOCK);

export interface MonthFigures {
  month: string;
  orders: number;
  bottles: number;
}

async function counters(owner: string | 'all', from: string, to: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const item of queryAll({ pk: keys.counter(scopeOf(owner), '').PK, skBetween: [from, to] })) {
    out.set(String(item.SK), Math.max(0, Number(item.n ?? 0)));
  }
  return out;
}

const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

/** The year's orders and bottles sent, month by month (one query of at most 24 counter items). */
export async function orderMonths(owner: string | 'all', year: number): Promise<MonthFigures[]> {
  const found = await counters(owner, `${ORDER}${year}-01`, `${ORDER}${year}-12#~`);
  return monthsOf(year).map((month) => ({
    month,
    orders: found.get(`${ORDER}${month}#orders`) ?? 0,
    bottles: found.get(`${ORDER}${month}#bottles`) ?? 0,
  }));
}

/** The year's receptions created, in progress or closed (one query of at most 12 counter items). */
export async function yearReceptions(owner: string | 'all', year: number): Promise<number> {
  const found = await counters(owner, `${RECEPTION}${year}-01`, `${RECEPTION}${year}-12~`);
  return [...found.values()].reduce((a, b) => a + b, 0);
}

/** The products with something sellable, and the bottles in stock (two counter items). */
export async function stockTotals(owner: string | 'all'): Promise<{ references: number; bottles: number }> {
  const [references, bottles] = await Promise.all([
    readCounter(keys.counter(scopeOf(owner), `${STOCK}references`)),
    readCounter(keys.counter(scopeOf(owner), `${STOCK}bottles`)),
  ]);
  return { references, bottles };
}
