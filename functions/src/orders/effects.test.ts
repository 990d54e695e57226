import { describe, expect, it } from 'vitest';
import { contribution, lineEffects, movesStock } from './effects';

const line = (stockId: string, ordered: number, prepared: number | null = null) => ({ stockId, ordered, prepared });
const allocated = (effects: ReturnType<typeof lineEffects>) =>
  effects.map((e) => [e.stockId, e.delta.quantity, e.delta.quantity_allocated, e.movement]);

describe('Function: contribution', () => {
  it.each([
    ['000', null, 0, 0],
    ['005', null, 0, 5],
    ['010', null, 0, 5],
    ['040', null, 0, 5],
    ['040', 3, 0, 3],
    ['050', 3, 0, 0],
    ['070', 3, -3, 0],
    ['070', null, -5, 0],
  ] as const)('status %s, prepared %s, holds quantity %i, allocated %i', (status, prepared, quantity, held) => {
    const d = contribution(status, line('a', 5, prepared));
    expect([d.quantity, d.quantity_allocated ?? 0]).toEqual([quantity, held]);
  });
});

describe('Function: lineEffects', () => {
  it('allocates on send, releases on cancel, ships on 070 with a movement', () => {
    expect(allocated(lineEffects('000', [line('a', 4)], '005', [line('a', 4)]))).toEqual([['a', 0, 4, null]]);
    expect(allocated(lineEffects('010', [line('a', 4)], '050', [line('a', 4)]))).toEqual([['a', 0, -4, null]]);
    expect(allocated(lineEffects('040', [line('a', 4, 3)], '070', [line('a', 4, 3)]))).toEqual([
      ['a', -3, -3, 'write'],
    ]);
  });

  it('releases what the warehouse prepared short, and ships what it prepared', () => {
    expect(allocated(lineEffects('020', [line('a', 4)], '040', [line('a', 4, 3)]))).toEqual([['a', 0, -1, null]]);
    expect(allocated(lineEffects('020', [line('a', 4)], '070', [line('a', 4, 3)]))).toEqual([['a', -3, -4, 'write']]);
  });

  it('moves only the difference when an order in 010 changes, and releases a dropped line', () => {
    expect(allocated(lineEffects('010', [line('a', 4), line('b', 2)], '010', [line('a', 7)]))).toEqual([
      ['a', 0, 3, null],
      ['b', 0, -2, null],
    ]);
  });

  it('takes back a shipment going back to entry', () => {
    expect(allocated(lineEffects('070', [line('a', 4)], '010', [line('a', 4)]))).toEqual([['a', 4, 4, 'takeBack']]);
  });

  it('refuses to reshape a shipment: a shipped line’s quantity moves only with its movement', () => {
    expect(() => lineEffects('070', [line('a', 4, 4)], '070', [line('a', 4, 3)])).toThrow(/without a movement/);
    expect(allocated(lineEffects('070', [line('a', 4)], '070', [line('a', 4)]))).toEqual([['a', 0, 0, null]]);
  });

  it('moves nothing for a draft’s edits', () => {
    expect(movesStock('000', [line('a', 1)], '000', [line('a', 9), line('b', 2)])).toBe(false);
    expect(movesStock('000', [], 'deleted', [])).toBe(false);
  });
});
