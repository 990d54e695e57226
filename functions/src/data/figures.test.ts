import { describe, expect, it } from 'vitest';
import { counterMoves } from './entity';
import { monthOf, orderFigures, receptionFigures, stockFigures } from './figures';
import { keys } from './keys';

const order = (statusCode: string, lines = [{ ordered: 6, prepared: null as number | null }]) => ({
  ownerId: 'O1',
  statusCode,
  createdAt: '2026-03-31T22:30:00.000Z',
  lines,
});
const own = (name: string) => keys.counter(keys.tenant('O1'), name);

describe('Method: monthOf', () => {
  it.each([
    ['2026-03-31T22:30:00.000Z', '2026-04'],
    ['2026-12-31T22:59:59.999Z', '2026-12'],
    ['2026-12-31T23:00:00.000Z', '2027-01'],
  ])('puts %s in the Paris month %s', (iso, month) => {
    expect(monthOf(iso)).toBe(month);
  });
});

describe('Method: orderFigures', () => {
  it('counts nothing for a draft', () => {
    expect(orderFigures(order('000'))).toEqual([]);
  });

  it.each(['005', '010', '020', '030', '050'])('counts a %s order but no bottles', (status) => {
    expect(orderFigures(order(status))).toEqual([
      own('DASH#ORDER#2026-04#orders'),
      keys.counter('ALL', 'DASH#ORDER#2026-04#orders'),
    ]);
  });

  it.each(['040', '070'])('counts the prepared (else ordered) bottles of a %s order', (status) => {
    // Act
    const figures = orderFigures(
      order(status, [
        { ordered: 6, prepared: 5 },
        { ordered: 12, prepared: null },
      ]),
    );
    // Assess
    expect(figures).toContainEqual({ ...own('DASH#ORDER#2026-04#bottles'), by: 17 });
    expect(figures).toContainEqual({ ...keys.counter('ALL', 'DASH#ORDER#2026-04#bottles'), by: 17 });
  });
});

describe('Method: counterMoves', () => {
  it('moves nothing when a change keeps the figures (an acknowledgement 005 → 010)', () => {
    expect(counterMoves(orderFigures(order('005')), orderFigures(order('010')))).toEqual([]);
  });

  it('moves the bottles by the difference when a shipped order changes its prepared quantity', () => {
    // Act
    const moves = counterMoves(
      orderFigures(order('040', [{ ordered: 6, prepared: null }])),
      orderFigures(order('070', [{ ordered: 6, prepared: 4 }])),
    );
    // Assess
    expect(moves).toEqual([
      { key: own('DASH#ORDER#2026-04#bottles'), delta: -2 },
      { key: keys.counter('ALL', 'DASH#ORDER#2026-04#bottles'), delta: -2 },
    ]);
  });

  it('takes everything back on a delete', () => {
    expect(counterMoves(orderFigures(order('070')), [])).toContainEqual({
      key: own('DASH#ORDER#2026-04#orders'),
      delta: -1,
    });
  });
});

describe('Method: receptionFigures and stockFigures', () => {
  it.each([
    ['000', 0],
    ['001', 2],
    ['100', 2],
    ['200', 2],
  ])('counts a %s reception in %i counters', (statusCode, n) => {
    expect(receptionFigures({ ownerId: 'O1', statusCode, createdAt: '2026-05-01T10:00:00Z' })).toHaveLength(n);
  });

  it.each([
    ['STD', 10, 0, true],
    ['STD', 10, 10, false],
    ['NCO', 10, 0, false],
  ])(
    'counts a %s line of %i with %i allocated among its product’s sellable lines: %s',
    (quality, quantity, allocated, counted) => {
      // Act
      const figures = stockFigures({
        ownerId: 'O1',
        productId: 'P1',
        quality,
        quantity,
        quantity_allocated: allocated,
      });
      // Assess: the product's lines, whose presence is the reference, never the reference itself
      expect(figures.some((k) => k.SK === 'DASH#STOCK#references')).toBe(false);
      const product = figures.filter((k) => k.SK === 'DASH#STOCK#product#P1');
      // Its owner's only (a product has one owner), counting it among the owner's references and everyone's
      expect(product.map((k) => k.PK)).toEqual(counted ? [own('x').PK] : []);
      expect(product[0]?.presence ?? []).toEqual(
        counted ? [own('DASH#STOCK#references'), keys.counter('ALL', 'DASH#STOCK#references')] : [],
      );
      expect(figures).toContainEqual({ ...own('DASH#STOCK#bottles'), by: quantity });
    },
  );
});
