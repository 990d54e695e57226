/**
 * What a document's change does to its stock lines, as pure functions: the deltas of each line between two states
 * of the document. stocks/ledger.ts applies them (all or nothing, once).
 */

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
 * shipment) and taken back on leaving it. A change within `moving` that would move a line's quantity (its movement
 * unchanged) is refused: every stock line stays the sum of its movements. The document says what one line adds in
 * a status (`contribution`).
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
  return [...new Set([...now.keys(), ...was.keys()])].map((stockId) => {
    const delta = minusDelta(contribution(to, now.get(stockId)), contribution(from, was.get(stockId)));
    // A line's quantity moves with its movement only: once written, it is taken back whole, never reshaped.
    if (from === moving && to === moving && delta.quantity !== 0)
      throw new Error(`Stock line ${stockId} would change by ${delta.quantity} without a movement`);
    return { stockId, delta, movement: movement(stockId) };
  });
}

export const isNoDelta = (d: StockDelta) =>
  d.quantity === 0 &&
  d.quantity_on_arriving === 0 &&
  d.quantity_receive_in_progress === 0 &&
  (d.quantity_allocated ?? 0) === 0;
