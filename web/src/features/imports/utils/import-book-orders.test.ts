import { todayIn } from '@cellar/shared/common/dates';
import type { ImportLot } from '@cellar/shared/imports/orders';
import { importContext } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import { ImportBook } from './import-book';
import { importChecker } from './import-check';

const ctx = importContext({
  template: 'order',
  importer: { role: 2, scope: ['order'] },
  ownerId: 'c1',
  warehouses: [{ id: 'w1', code: 'BDX' }],
  segments: ['B2B'],
});
const day = new Date(Date.parse(`${todayIn()}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
const line = (reference: string, product: string, quantity: number, send = 'oui', comment = '') => ({
  reference,
  segment: 'B2B',
  send,
  recipient: 'CLT1',
  delivery_date: day,
  carrier: '',
  service: '',
  order_type: '',
  warehouse: '',
  delivery_comment: comment,
  preparation_comment: '',
  product,
  quantity: String(quantity),
  batch: '',
});
const lot = (stockId: string, productCode: string, available: number): ImportLot => ({
  stockId,
  productCode,
  warehouseId: 'w1',
  segment: 'B2B',
  batch: null,
  ubd: null,
  bbd: null,
  available,
});
const checked = (rows: ReturnType<typeof line>[]) => {
  const book = new ImportBook(ctx, rows, { preview: 50, invalid: 50 });
  while (!book.done) book.checkNext(2);
  return book;
};
const quantityOf = (book: ImportBook, id: number) => book.preview().find((r) => r.id === id)?.check?.cells.quantity;

describe('Class: ImportBook (orders)', () => {
  it('refuses every row of an order whose rows disagree, and takes an edit that makes them agree', () => {
    // Prepare
    const book = checked([line('A', 'P1', 1, 'oui', 'Matin'), line('A', 'P2', 1, 'oui', 'Soir'), line('B', 'P1', 1)]);
    expect(book.counts().invalid).toBe(2);
    // Act
    const changed = book.edit(2, 'delivery_comment', 'matin');
    // Assess: both rows of A were checked again, and are valid.
    expect(changed.map((r) => r.id)).toEqual([1, 2]);
    expect(book.counts().invalid).toBe(0);
  });

  it('moves a row to its new order when its reference is edited', () => {
    const book = checked([line('A', 'P1', 1, 'oui', 'Matin'), line('B', 'P2', 1, 'oui', 'Soir')]);
    book.edit(2, 'reference', 'A');
    expect(book.counts().invalid).toBe(2);
    book.edit(2, 'reference', 'B');
    expect(book.counts().invalid).toBe(0);
  });

  it('shows on each line of an order to send whether the stock covers it, without blocking the file', () => {
    const book = checked([line('A', 'P1', 8), line('B', 'P1', 8), line('C', 'P1', 30, 'non')]);
    expect(book.productCodes()).toEqual(['P1']);
    const changed = book.learnStock(['P1'], [lot('s1', 'P1', 12)]);
    expect(changed.map((r) => r.id)).toEqual([1, 2]);
    expect(quantityOf(book, 1)).toEqual({
      state: 'valid',
      message: { key: 'import.order_stock_covered', values: { available: 12 } },
    });
    expect(quantityOf(book, 2)).toEqual({
      state: 'unverified',
      message: { key: 'import.order_stock_short', values: { available: 4, quantity: '8' } },
    });
    // A draft holds nothing: no cover said.
    expect(quantityOf(book, 3)).toEqual({ state: 'valid' });
    expect(book.counts().invalid).toBe(0);
    // An edit plans again: the first order asks less, the second is covered.
    const after = book.edit(1, 'quantity', '4');
    expect(after.map((r) => r.id)).toEqual([1, 2]);
    expect(quantityOf(book, 2)?.state).toBe('valid');
  });

  it('answers the stock through the checker’s protocol', async () => {
    const replies: unknown[] = [];
    const handle = importChecker((r) => replies.push(r));
    const header =
      'reference;segment;send;recipient;delivery_date;carrier;service;order_type;warehouse;delivery_comment;preparation_comment;product;quantity;batch';
    const file = new Blob([`${header}\r\nA;B2B;oui;CLT1;${day};;;;;;;P1;3;\r\n`]);
    await handle({ seq: 1, type: 'load', file, ctx });
    expect(replies.at(-1)).toMatchObject({ type: 'loaded', codes: ['P1'] });
    await handle({ seq: 2, type: 'stock', codes: ['P1'], lots: [] });
    expect(replies.at(-1)).toMatchObject({
      type: 'changed',
      rows: [{ id: 1, check: { cells: { quantity: { state: 'unverified' } } } }],
    });
  });
});
