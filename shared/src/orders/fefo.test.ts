import { describe, expect, it } from 'vitest';
import { expiresSoon, type FefoLot, fefoFill, fefoOrder } from './fefo';

const lot = (stockId: string, available: number, patch: Partial<FefoLot> = {}): FefoLot => ({
  stockId,
  available,
  ubd: null,
  bbd: null,
  batch: null,
  ...patch,
});

describe('Function: fefoOrder', () => {
  it('puts the earliest use-by first, then best-before, then the oldest lot, undated lots last', () => {
    // Prepare
    const lots = [
      lot('undated', 5),
      lot('bbd-late', 5, { bbd: '2027-06-01' }),
      lot('ubd-late', 5, { ubd: '2027-03-01' }),
      lot('bbd-early', 5, { bbd: '2027-01-01' }),
      lot('ubd-early', 5, { ubd: '2027-02-01' }),
      lot('old-batch', 5, { bbd: '2027-06-01', createdAt: '2025-01-01T00:00:00Z', batch: 'B9' }),
    ];
    // Act
    const order = fefoOrder(lots).map((l) => l.stockId);
    // Assess
    expect(order).toEqual(['ubd-early', 'ubd-late', 'bbd-early', 'old-batch', 'bbd-late', 'undated']);
  });

  it('orders by batch when nothing else tells lots apart', () => {
    expect(fefoOrder([lot('b', 1, { batch: 'L2' }), lot('a', 1, { batch: 'L1' })]).map((l) => l.stockId)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('Function: fefoFill', () => {
  it.each([
    [
      6,
      [
        { stockId: 'first', quantity: 4 },
        { stockId: 'second', quantity: 2 },
      ],
    ],
    [4, [{ stockId: 'first', quantity: 4 }]],
    [0, []],
    [
      100,
      [
        { stockId: 'first', quantity: 4 },
        { stockId: 'second', quantity: 10 },
      ],
    ],
  ])('fills %i in FEFO order, each lot up to what it has', (required, expected) => {
    // Prepare
    const lots = [lot('second', 10, { ubd: '2027-05-01' }), lot('first', 4, { ubd: '2027-01-01' }), lot('empty', 0)];
    // Act
    const filled = fefoFill(lots, required);
    // Assess
    expect(filled).toEqual(expected);
  });
});

describe('Function: expiresSoon', () => {
  const now = new Date('2026-11-01T10:00:00Z');
  it.each([
    [{ ubd: '2026-12-01', bbd: null }, true],
    [{ ubd: '2026-12-02', bbd: null }, false],
    [{ ubd: null, bbd: '2026-11-15' }, true],
    [{ ubd: '2026-10-01', bbd: null }, true],
    [{ ubd: null, bbd: null }, false],
  ])('flags %o: %s', (dates, expected) => {
    expect(expiresSoon(dates, now)).toBe(expected);
  });
});
