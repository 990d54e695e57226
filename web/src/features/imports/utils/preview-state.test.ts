import { describe, expect, it } from 'vitest';
import type { GridRow } from './import-rows';
import { emptyCounts, previewOf, rowOf, shownRows, withAnswer, withEdit } from './preview-state';

const row = (id: number, city: string, valid = true): GridRow => ({
  id,
  cells: { code: `C${id}`, city },
  check: { cells: {}, errors: [], valid },
  edited: [],
});

describe('the rows on screen', () => {
  it("show an edit as the page checked it until the checker's answer to it, then the checker's rows", () => {
    let state = previewOf([row(1, 'A'), row(2, 'B')], emptyCounts);
    state = withEdit(state, 5, row(1, 'X', false));
    state = withEdit(state, 6, row(1, 'Y'));
    // The answer to the first edit comes: the second is still the page's.
    state = withAnswer(state, 5, [row(1, 'X', false)], { ...emptyCounts, invalid: 1 });
    expect(rowOf(state, 1)?.cells.city).toBe('Y');
    expect(state.counts.invalid).toBe(1);
    // The answer to the second brings the row and another one the edit changed (on screen from now).
    state = withAnswer(state, 6, [row(1, 'Y'), row(900, 'Z', false)], emptyCounts);
    expect(state.pending.size).toBe(0);
    expect(shownRows(state, () => undefined).map((r) => [r.id, r.cells.city])).toEqual([
      [1, 'Y'],
      [2, 'B'],
      [900, 'Z'],
    ]);
  });

  it('show the key cell to check while the API is asked about it', () => {
    const state = previewOf([row(1, 'A'), row(2, 'B')], emptyCounts);
    const rows = shownRows(state, (r) => (r.cells.code === 'C2' ? 'code' : undefined));
    expect(rows.map((r) => r.edited)).toEqual([[], ['code']]);
  });
});
