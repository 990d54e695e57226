import { describe, expect, it } from 'vitest';
import { NO_DELTA } from '../stocks/effects';
import { contribution, lineEffects, movesStock } from './effects';

const line = (stockId: string, expected: number, received: number | null = null) => ({ stockId, expected, received });

describe('Method: contribution', () => {
  it.each([
    ['000', NO_DELTA],
    ['001', { ...NO_DELTA, quantity_on_arriving: 12 }],
    ['100', { ...NO_DELTA, quantity_receive_in_progress: 12 }],
    ['200', { ...NO_DELTA, quantity: 12 }],
    ['deleted', NO_DELTA],
  ] as const)('in %s', (status, expected) => {
    // Act
    const delta = contribution(status, line('S', 12));
    // Assess
    expect(delta).toEqual(expected);
  });

  it('counts the received quantity when closed, 0 included', () => {
    // Act / Assess
    expect(contribution('200', line('S', 12, 10)).quantity).toBe(10);
    expect(contribution('200', line('S', 12, 0)).quantity).toBe(0);
  });
});

describe('Method: lineEffects', () => {
  it('moves on arriving to in progress', () => {
    // Prepare
    const lines = [line('A', 6)];
    // Act
    const [effect] = lineEffects('001', lines, '100', lines);
    // Assess
    expect(effect).toEqual({
      stockId: 'A',
      delta: { quantity: 0, quantity_on_arriving: -6, quantity_receive_in_progress: 6 },
      movement: null,
    });
  });

  it('closes: clears in progress, adds the received quantity, writes a movement', () => {
    // Act
    const [effect] = lineEffects('100', [line('A', 6)], '200', [line('A', 6, 5)]);
    // Assess
    expect(effect).toEqual({
      stockId: 'A',
      delta: { quantity: 5, quantity_on_arriving: 0, quantity_receive_in_progress: -6 },
      movement: 'write',
    });
  });

  it('going back takes back exactly what the way there applied', () => {
    // Prepare
    const closed = [line('A', 6, 5), line('B', 3, 3)];
    // Act
    const there = lineEffects('001', [line('A', 6), line('B', 3)], '200', closed);
    const back = lineEffects('200', closed, '001', [line('A', 6), line('B', 3)]);
    // Assess
    for (const [i, e] of back.entries()) {
      const d = there[i]?.delta ?? NO_DELTA;
      expect(e.delta.quantity + d.quantity).toBe(0);
      expect(e.delta.quantity_on_arriving + d.quantity_on_arriving).toBe(0);
      expect(e.delta.quantity_receive_in_progress + d.quantity_receive_in_progress).toBe(0);
      expect(e.movement).toBe('takeBack');
    }
  });

  it('a delete takes back every line, a dropped line included', () => {
    // Act
    const effects = lineEffects('001', [line('A', 6), line('B', 2)], 'deleted', []);
    // Assess
    expect(effects.map((e) => [e.stockId, e.delta.quantity_on_arriving])).toEqual([
      ['A', -6],
      ['B', -2],
    ]);
  });

  it('an edit in 001 adjusts the changed lines only', () => {
    // Act
    const effects = lineEffects('001', [line('A', 6), line('B', 2)], '001', [line('A', 8), line('C', 1)]);
    // Assess
    expect(effects.map((e) => [e.stockId, e.delta.quantity_on_arriving])).toEqual([
      ['A', 2],
      ['C', 1],
      ['B', -2],
    ]);
  });
});

describe('Method: movesStock', () => {
  it.each([
    ['a draft edited', '000', '000', false],
    ['a draft sent', '000', '001', true],
    ['a replay of a close', '200', '200', false],
  ] as const)('%s: %s', (_name, from, to, moves) => {
    // Prepare
    const lines = [line('A', 6, to === '200' ? 6 : null)];
    // Act / Assess
    expect(movesStock(from, from === '200' ? lines : [line('A', 6)], to, lines)).toBe(moves);
  });
});
