/**
 * What an order does to stock (issue 10, spec 2 §4), as pure functions of its status and lines:
 *   000 draft, 050 canceled      nothing is held
 *   005, 010, 020, 030, 040      each line's ordered quantity is allocated, or   quantity_allocated
 *                                once the warehouse prepared it, what it prepared (a short pick releases the rest)
 *   070 sent                     the prepared (else ordered) quantity has left   quantity, one output movement per line
 * A change (status, lines, or both) applies the new contribution minus the old one, line by line: sending
 * allocates, cancelling releases, modifying in 010 allocates only the difference, shipping turns the allocation
 * into an output, and going back takes back exactly what was applied.
 */

import type { OrderStatusCode } from '@cellar/shared/orders/schemas';
import { HOLDING_STATUSES } from '@cellar/shared/orders/status';
import { documentLineEffects, type LineEffect, NO_DELTA, type StockDelta } from '../stocks/effects';

export type { LineEffect };

/** The statuses in which an order holds its lines' stock (the shared rule). */
export const HOLDING = HOLDING_STATUSES;

/** A line's figures, as the effects read them. */
export interface EffectFigures {
  stockId: string;
  ordered: number;
  prepared: number | null;
}

/** What leaves the warehouse for a line: the prepared quantity, else the ordered one. */
export const shippedQuantity = (line: EffectFigures) => line.prepared ?? line.ordered;

/** What one line adds to its stock line in a status. */
export function contribution(status: OrderStatusCode | 'deleted', line: EffectFigures | undefined): StockDelta {
  if (!line) return NO_DELTA;
  if (HOLDING.has(status)) return { ...NO_DELTA, quantity_allocated: line.prepared ?? line.ordered };
  if (status === '070') return { ...NO_DELTA, quantity: -shippedQuantity(line), quantity_allocated: 0 };
  return NO_DELTA;
}

/**
 * The change of every stock line touched before or after, in a stable order (lines after, then lines dropped).
 * @example lineEffects('000', lines, '005', lines) // each line: allocated +ordered
 */
export const lineEffects = (
  from: OrderStatusCode,
  before: readonly EffectFigures[],
  to: OrderStatusCode | 'deleted',
  after: readonly EffectFigures[],
): LineEffect[] => documentLineEffects(contribution, '070', { from, before, to, after });

/** Whether a change of status or lines moves any stock at all (a draft's edits do not). */
export const movesStock = (
  from: OrderStatusCode,
  before: readonly EffectFigures[],
  to: OrderStatusCode | 'deleted',
  after: readonly EffectFigures[],
) =>
  lineEffects(from, before, to, after).some(
    (e) => e.movement !== null || e.delta.quantity !== 0 || (e.delta.quantity_allocated ?? 0) !== 0,
  );

/** The delta that takes back `d`. */
export const negate = (d: StockDelta): StockDelta => ({
  ...NO_DELTA,
  quantity: -d.quantity,
  quantity_allocated: -(d.quantity_allocated ?? 0),
});
