/**
 * The rows on screen, on the page's side: the import checker's rows as it last answered, with the edits it has not
 * answered yet over them (each edit is checked at once on the page, `recheckEdited`, then by the checker, whose
 * answer also brings the other rows the edit changed). An edit is shown as the page checked it until the checker's
 * answer to it, or to a later request, arrives: answers come in order, so a later one includes it.
 */
import type { BookCounts } from './import-book';
import type { GridRow } from './import-rows';

export interface PreviewState {
  /** The checker's rows, by id. */
  rows: ReadonlyMap<number, GridRow>;
  /** Edits sent to the checker and not answered yet, by row id: the row as the page checked it. */
  pending: ReadonlyMap<number, { row: GridRow; seq: number }>;
  counts: BookCounts;
}

export const emptyCounts: BookCounts = { total: 0, invalid: 0, hiddenValid: 0, hiddenInvalid: 0, duplicates: [] };

export const previewOf = (rows: readonly GridRow[], counts: BookCounts): PreviewState => ({
  rows: new Map(rows.map((r) => [r.id, r])),
  pending: new Map(),
  counts,
});

/** The checker's answer to request `seq`: its rows replace the shown ones; the edits up to `seq` are answered. */
export function withAnswer(
  state: PreviewState,
  seq: number,
  rows: readonly GridRow[],
  counts: BookCounts,
): PreviewState {
  const next = new Map(state.rows);
  for (const row of rows) next.set(row.id, row);
  const pending = new Map([...state.pending].filter(([, p]) => p.seq > seq));
  return { rows: next, pending, counts };
}

/** An edit sent as request `seq`, shown as the page checked it. */
export function withEdit(state: PreviewState, seq: number, row: GridRow): PreviewState {
  return { ...state, pending: new Map(state.pending).set(row.id, { row, seq }) };
}

/** The row as shown now. */
export const rowOf = (state: PreviewState, id: number): GridRow | undefined =>
  state.pending.get(id)?.row ?? state.rows.get(id);

/**
 * The rows to show, in file order; `unverified` names the key cell of rows whose key the API is being asked about
 * (shown 'to check' until it answers).
 */
export function shownRows(state: PreviewState, unverified: (row: GridRow) => string | undefined): GridRow[] {
  return [...state.rows.keys()]
    .sort((a, b) => a - b)
    .map((id) => {
      const row = rowOf(state, id) as GridRow;
      const key = unverified(row);
      return key && !row.edited.includes(key) ? { ...row, edited: [...row.edited, key] } : row;
    });
}
