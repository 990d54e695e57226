import { describe, expect, it } from 'vitest';
import {
  type CartLine,
  type CartProduct,
  cartOf,
  lineKey,
  linesBody,
  positiveQuantity,
  productQuantity,
  quantityAction,
  withLine,
  withoutLine,
  withProductQuantity,
} from './cart';

const plain: CartProduct = { id: 'P1', code: 'VIN1', label: 'Vin 1', hasBatch: false, hasBbd: false, hasUbd: false };
const lotted: CartProduct = { id: 'P2', code: 'VIN2', label: 'Vin 2', hasBatch: true, hasBbd: false, hasUbd: false };
const line = (over: Partial<CartLine> = {}): CartLine => ({
  product: lotted,
  stockId: null,
  quality: 'STD',
  batch: 'L1',
  ubd: null,
  bbd: null,
  expected: 6,
  ...over,
});

describe('Function: positiveQuantity', () => {
  it.each([
    ['12', 12],
    [12, 12],
    [' 3 ', 3],
    ['0', null],
    [0, null],
    ['', null],
    [null, null],
    ['0x10', null],
    ['1e3', null],
    [undefined, null],
    ['-2', null],
    ['1.5', null],
    ['abc', null],
  ])('reads %j as %j', (value, expected) => {
    expect(positiveQuantity(value)).toBe(expected);
  });
});

describe('Function: quantityAction', () => {
  it.each([
    [plain, '6', 'set'],
    [lotted, '6', 'chooseStock'],
    [{ ...plain, hasUbd: true }, 1, 'chooseStock'],
    [{ ...plain, hasBbd: true }, 1, 'chooseStock'],
    [plain, '0', 'remove'],
    [lotted, '', 'remove'],
  ] as const)('for %o and %j is %s', (product, value, action) => {
    expect(quantityAction(product, value)).toBe(action);
  });
});

describe('Function: withProductQuantity', () => {
  it('adds a product above 0 as one new standard line', () => {
    // Act
    const cart = withProductQuantity([], plain, '12');
    // Assess
    expect(cart).toEqual([
      { product: plain, stockId: null, quality: 'STD', batch: null, ubd: null, bbd: null, expected: 12 },
    ]);
  });

  it('replaces the quantity of the line already there, keeping its stock line', () => {
    // Prepare
    const cart = [line({ product: plain, stockId: 'S1', batch: null, expected: 3 })];
    // Act
    const next = withProductQuantity(cart, plain, 5);
    // Assess
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ stockId: 'S1', expected: 5 });
  });

  it.each(['0', '', null])('removes every line of the product for %j', (value) => {
    // Prepare
    const cart = [line({ product: plain }), line({ stockId: 'S9' })];
    // Act
    const next = withProductQuantity(cart, plain, value);
    // Assess
    expect(next.map((l) => l.product.id)).toEqual(['P2']);
  });
});

describe('Function: withLine', () => {
  it('keeps one line per stock line or lot, the last quantity winning', () => {
    // Prepare
    let cart = withLine([], line({ stockId: 'S1', expected: 1 }));
    // Act
    cart = withLine(cart, line({ stockId: 'S2', expected: 2 }));
    cart = withLine(cart, line({ stockId: 'S1', expected: 7 }));
    cart = withLine(cart, line({ batch: 'NEW', expected: 4 }));
    cart = withLine(cart, line({ batch: 'NEW', expected: 5 }));
    // Assess
    expect(cart.map((l) => [lineKey(l), l.expected])).toEqual([
      ['stock:S1', 7],
      ['stock:S2', 2],
      ['lot:P2|STD|NEW||', 5],
    ]);
    expect(productQuantity(cart, 'P2')).toBe(14);
  });

  it('tells lots apart by quality, batch and dates', () => {
    const a = line({ batch: 'L1' });
    expect(
      new Set([a, line({ batch: 'L2' }), line({ quality: 'NCO' }), line({ ubd: '2027-01-01' })].map(lineKey)).size,
    ).toBe(4);
  });
});

describe('Function: withoutLine', () => {
  it('removes one line and leaves the product’s others', () => {
    const cart = [line({ stockId: 'S1' }), line({ stockId: 'S2' })];
    expect(withoutLine(cart, 'stock:S1').map((l) => l.stockId)).toEqual(['S2']);
  });
});

describe('Function: linesBody', () => {
  it('names a stock line by its id alone (whatever its quality), and describes a new lot', () => {
    expect(
      linesBody([line({ stockId: 'S1', quality: 'BLO', expected: 2 }), line({ batch: 'B', bbd: '2030-01-01' })]),
    ).toEqual([
      { productId: 'P2', stockId: 'S1', expected: 2 },
      { productId: 'P2', quality: 'STD', batch: 'B', ubd: null, bbd: '2030-01-01', expected: 6 },
    ]);
  });
});

describe('Function: cartOf', () => {
  it('reads a stored reception’s lines in their order', () => {
    // Prepare
    const stored = (position: number, stockId: string) => ({
      id: `L${position}`,
      position,
      stockId,
      product: { ...plain },
      quality: 'STD',
      batch: null,
      ubd: null,
      bbd: null,
      expected: position * 10,
      received: null,
      note: null,
    });
    // Act
    const cart = cartOf({ stocks: [stored(2, 'S2'), stored(1, 'S1')] });
    // Assess
    expect(cart.map((l) => [l.stockId, l.expected])).toEqual([
      ['S1', 10],
      ['S2', 20],
    ]);
  });
});
