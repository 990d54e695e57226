/**
 * What a reception does to stock (issue 9, spec 3 §4), as pure functions of its status and lines:
 *   001 created      the expected quantities are on their way       quantity_on_arriving
 *   100 in progress  they are being received                        quantity_receive_in_progress
 *   200 closed       the received quantities (else expected) are in  quantity, and one input movement per line
 * A change (status, lines, or both) applies the new contribution minus the old one, line by line: going back takes
 * back exactly what was applied.
 */
import type { ReceptionStatusCode } from '@cellar/shared/receptions/schemas';
import { NO_DELTA, type StockDelta } from '../stocks/effects';

/** A line's figures, as the effects read them. */
export interface EffectFigures {
  stockId: string;
  expected: number;
  received: number | null;
}

/** What one line adds to its stock line in a status (a deleted reception adds nothing). */
export function contribution(status: ReceptionStatusCode | 'deleted', line: EffectFigures | undefined): StockDelta {
  if (!line) return NO_DELTA;
  switch (status) {
    case '001':
      return { ...NO_DELTA, quantity_on_arriving: line.expected };
    case '100':
      return { ...NO_DELTA, quantity_receive_in_progress: line.expected };
    case '200':
      return { ...NO_DELTA, quantity: line.received ?? line.expected };
    default:
      return NO_DELTA;
  }
}

const minus = (a: StockDelta, b: StockDelta): StockDelta => ({
  quantity: a.quantity - b.quantity,
  quantity_on_arriving: a.quantity_on_arriving - b.quantity_on_arriving,
  quantity_receive_in_progress: a.quantity_receive_in_progress - b.quantity_receive_in_progress,
});

/** One stock line's change: the delta, and whether its input movement is written or taken back. */
export interface LineEffect {
  stockId: string;
  delta: StockDelta;
  movement: 'write' | 'takeBack' | null;
}

/**
 * The change of every stock line touched before or after, in a stable order (lines after, then lines dropped).
 * @example lineEffects('001', lines, '100', lines) // each line: on arriving −expected, in progress +expected
 */
export function lineEffects(
  from: ReceptionStatusCode,
  before: readonly EffectFigures[],
  to: ReceptionStatusCode | 'deleted',
  after: readonly EffectFigures[],
): LineEffect[] {
  const was = new Map(before.map((l) => [l.stockId, l]));
  const now = new Map(after.map((l) => [l.stockId, l]));
  const ids = [...new Set([...now.keys(), ...was.keys()])];
  const movement = (stockId: string): LineEffect['movement'] => {
    if (to === '200' && from !== '200' && now.has(stockId)) return 'write';
    if (from === '200' && to !== '200' && was.has(stockId)) return 'takeBack';
    return null;
  };
  return ids.map((stockId) => ({
    stockId,
    delta: minus(contribution(to, now.get(stockId)), contribution(from, was.get(stockId))),
    movement: movement(stockId),
  }));
}

/** Whether a change of status or lines moves any stock at all (a draft's edits do not). */
export const movesStock = (
  from: ReceptionStatusCode,
  before: readonly EffectFigures[],
  to: ReceptionStatusCode | 'deleted',
  after: readonly EffectFigures[],
) =>
  lineEffects(from, before, to, after).some(
    (e) =>
      e.movement !== null ||
      e.delta.quantity !== 0 ||
      e.delta.quantity_on_arriving !== 0 ||
      e.delta.quantity_receive_in_progress !== 0,
  );
