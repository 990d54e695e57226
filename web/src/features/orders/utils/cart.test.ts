import { describe, expect, it } from 'vitest';
import { productCount } from '../../../components/documents/draft-choice-modal';
import { lineErrors, type OrderCartLine, orderCartRows, orderedOf, withProductLines } from './cart';
import { formPath } from './form-values';

const line = (stockId: string, productId: string, ordered: number, ubd: string | null = null): OrderCartLine => ({
  stockId,
  product: { id: productId, code: `C${productId}`, label: `L${productId}` },
  warehouseId: 'W1',
  warehouseCode: 'BDX',
  quality: 'STD',
  batch: `B${stockId}`,
  ubd,
  bbd: null,
  ordered,
});

describe('Method: withProductLines', () => {
  it('replaces a product’s lines in place, keeping the others in order', () => {
    // Prepare
    const cart = [line('s1', 'p1', 1), line('s2', 'p2', 2), line('s3', 'p2', 3), line('s4', 'p3', 4)];
    // Act
    const next = withProductLines(cart, 'p2', [line('s5', 'p2', 5)]);
    // Assess
    expect(next.map((l) => l.stockId)).toEqual(['s1', 's5', 's4']);
  });

  it('adds a new product at the end and removes a product given no lines', () => {
    const cart = [line('s1', 'p1', 1)];
    expect(withProductLines(cart, 'p2', [line('s2', 'p2', 2)]).map((l) => l.stockId)).toEqual(['s1', 's2']);
    expect(withProductLines(cart, 'p1', [])).toEqual([]);
  });
});

describe('Method: orderedOf and productCount', () => {
  it('sums a product’s lines and counts distinct products', () => {
    const cart = [line('s1', 'p1', 1), line('s2', 'p1', 2), line('s3', 'p2', 3)];
    expect(orderedOf(cart, 'p1')).toBe(3);
    expect(orderedOf(cart, 'p9')).toBe(0);
    expect(productCount(cart)).toBe(2);
  });
});

describe('Method: lineErrors', () => {
  it('puts the server’s messages on the lines by index or by stock id, and ignores other fields', () => {
    const cart = [line('s1', 'p1', 1), line('s2', 'p2', 2)];
    const errors = lineErrors(cart, {
      'stocks.1.ordered': ['Only 1 left.'],
      'stocks.s1.stockId': ['Invalid.'],
      reference: ['Required.'],
    });
    expect(errors).toEqual({ s2: 'Only 1 left.', s1: 'Invalid.' });
  });
});

describe('Method: orderCartRows', () => {
  it.each([
    ['2026-01-20', true],
    ['2026-02-01', true],
    ['2026-02-03', false],
    [null, false],
  ])('flags a lot with use-by date %s as expiring soon: %s', (ubd, soon) => {
    const now = new Date('2026-01-02T10:00:00Z');
    const [row] = orderCartRows([line('s1', 'p1', 1, ubd)], {}, now);
    expect(row?.expiresSoon).toBe(soon);
  });

  it('carries a line’s error', () => {
    const [row] = orderCartRows([line('s1', 'p1', 1)], { s1: 'Only 0 left.' });
    expect(row?.error).toBe('Only 0 left.');
  });
});

describe('Method: formPath', () => {
  it('names the recipient’s address fields as the form does', () => {
    expect(formPath('recipient.street')).toBe('address.street');
    expect(formPath('recipient')).toBe('recipient');
    expect(formPath('deliveryDate')).toBe('deliveryDate');
  });
});
