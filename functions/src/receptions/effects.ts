/**
 * What a reception does to stock (issue 9, spec 3 §4), as pure functions of its status and lines:
 *   001 created      the expected quantities are on their way       quantity_on_arriving
 *   100 in progress  they are being received                        quantity_receive_in_progress
 *   200 closed       the received quantities (else expected) are in  quantity, and one input movement per line
 * A change (status, lines, or both) applies the new contribution minus the old one, line by line: going back takes
 * back exactly what was applied.
 */
import type { ReceptionStatusCode } from '@cellar/shared/receptions/schemas';
import { documentLineEffects, type LineEffect, NO_DELTA, type StockDelta } from '../stocks/effects';

export type { LineEffect };

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

/**
 * The change of every stock line touched before or after, in a stable order (lines after, then lines dropped).
 * @example lineEffects('001', lines, '100', lines) // each line: on arriving −expected, in progress +expected
 */
export const lineEffects = (
  from: ReceptionStatusCode,
  before: readonly EffectFigures[],
  to: ReceptionStatusCode | 'deleted',
  after: readonly EffectFigures[],
): LineEffect[] => documentLineEffects(contribution, '200', { from, before, to, after });

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
