import { describe, expect, it } from 'vitest';
import { todayIn } from '../common/dates';
import { ORDER_LINES_MAX } from '../orders/schemas';
import { orderImportTexts } from './order-texts';
import {
  allocationPlan,
  type ImportLot,
  isoDateOf,
  lineStocks,
  lotsFor,
  OrderGroups,
  type PlannedLine,
  plannedLine,
} from './orders';
import { checkRow, checkRows, importContext, importHeader } from './templates';

const WAREHOUSES = [
  { id: 'w-bdx', code: 'BDX' },
  { id: 'w-cog', code: 'COG' },
];
const writer = { role: 2, scope: ['order'] };
const ctx = (segments: ('B2B' | 'B2C')[] = ['B2B']) =>
  importContext({ template: 'order', importer: writer, ownerId: 'c1', warehouses: WAREHOUSES, segments });
const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const row = (over: Record<string, string> = {}) => ({
  reference: 'CMD-1',
  segment: '',
  send: 'oui',
  recipient: 'CAVE01',
  delivery_date: day(3),
  carrier: '',
  service: '',
  order_type: '',
  warehouse: '',
  delivery_comment: 'Sonner deux fois',
  preparation_comment: '',
  product: 'MARGAUX-2015',
  quantity: '12',
  batch: '',
  ...over,
});

describe('Template: order', () => {
  it('names the order cells, then the line cells', () => {
    expect(importHeader(ctx())).toEqual([
      'reference',
      'segment',
      'send',
      'recipient',
      'delivery_date',
      'carrier',
      'service',
      'order_type',
      'warehouse',
      'delivery_comment',
      'preparation_comment',
      'product',
      'quantity',
      'batch',
    ]);
  });

  it('turns a valid row into the order fields and its line, the only segment by default', () => {
    // Prepare // Act
    const check = checkRow(ctx(), row({ warehouse: 'cog' }));
    // Assess
    expect(check.valid).toBe(true);
    expect(check.input).toMatchObject({
      reference: 'CMD-1',
      segment: 'B2B',
      send: true,
      customerId: 'CAVE01',
      deliveryDate: day(3),
      warehouseId: 'w-cog',
      deliveryComment: 'Sonner deux fois',
      line: { productCode: 'MARGAUX-2015', ordered: 12, batch: '' },
    });
  });

  it('reads a date as French spreadsheets write it', () => {
    expect(isoDateOf('5/04/2031')).toBe('2031-04-05');
    const [y, m, d] = day(3).split('-');
    expect(checkRow(ctx(), row({ delivery_date: `${d}/${m}/${y}` })).input).toMatchObject({ deliveryDate: day(3) });
  });

  it.each([
    ['reference', '', 'required'],
    ['product', '', 'required'],
    ['quantity', '', 'required'],
    ['quantity', 'douze', 'invalid'],
    ['quantity', '0', 'invalid'],
    ['quantity', '1000001', 'invalid'],
    ['recipient', '', 'required'],
    ['send', 'peut-être', 'invalid'],
    ['order_type', 'XYZ', 'invalid'],
    ['warehouse', 'REI', 'invalid'],
    ['delivery_comment', 'x'.repeat(256), 'invalid'],
  ])('marks %s = %j as %s', (column, value, state) => {
    const check = checkRow(ctx(), row({ [column]: value }));
    expect(check.valid).toBe(false);
    expect(check.cells[column]?.state).toBe(state);
  });

  it('asks a send for a delivery date from today on, and a draft for none', () => {
    expect(checkRow(ctx(), row({ delivery_date: '' })).cells.delivery_date?.state).toBe('required');
    expect(checkRow(ctx(), row({ delivery_date: day(-1) })).cells.delivery_date).toMatchObject({
      state: 'invalid',
      message: { key: 'validation.not_before_today' },
    });
    expect(checkRow(ctx(), row({ send: 'non', delivery_date: '' })).valid).toBe(true);
    expect(checkRow(ctx(), row({ send: '', delivery_date: '' })).input).toMatchObject({ send: false });
  });

  it('asks for the segment when the account has two, and a B2C send for its carrier and service', () => {
    const both = ctx(['B2B', 'B2C']);
    expect(checkRow(both, row()).cells.segment?.state).toBe('required');
    const b2c = checkRow(both, row({ segment: 'b2c' }));
    expect(b2c.cells.carrier?.state).toBe('required');
    expect(b2c.cells.service?.state).toBe('required');
    expect(checkRow(both, row({ segment: 'B2C', carrier: 'COLISSIMO', service: 'DOM' })).valid).toBe(true);
    expect(checkRow(ctx(['B2B']), row({ segment: 'B2C' })).cells.segment?.state).toBe('invalid');
  });
});

describe('Method: checkRows (orders)', () => {
  it('refuses every row of an order whose rows disagree on an order cell, on that cell, naming the order', () => {
    // Prepare
    const rows = [
      row(),
      row({ product: 'PESSAC-2018', quantity: '6', delivery_comment: 'Livrer le matin' }),
      row({ reference: 'CMD-2', product: 'PESSAC-2018' }),
      row({ reference: 'CMD-2', product: 'MARGAUX-2015', send: 'OUI' }),
    ];
    // Act
    const { checks, invalid } = checkRows(ctx(), rows);
    // Assess
    expect(invalid).toBe(2);
    for (const check of checks.slice(0, 2))
      expect(check.cells.delivery_comment).toEqual({
        state: 'invalid',
        message: { key: 'import.order_disagrees', values: { reference: 'CMD-1' } },
      });
    // Case and surrounding spaces are no disagreement.
    expect(checks[2]?.valid && checks[3]?.valid).toBe(true);
  });

  it(`refuses an order of more than ${ORDER_LINES_MAX} lines`, () => {
    const rows = Array.from({ length: ORDER_LINES_MAX + 1 }, (_, i) => row({ product: `P${i}` }));
    const { checks } = checkRows(ctx(), rows);
    expect(checks[0]?.errors).toEqual([{ key: 'import.order_too_many_lines', values: { max: ORDER_LINES_MAX } }]);
  });

  it('knows where each order ends, whatever the rows between', () => {
    const groups = new OrderGroups();
    [row(), row({ reference: 'CMD-2' }), row()].forEach((r, i) => {
      groups.add(i + 1, r);
    });
    expect(groups.lastRow('CMD-1')).toBe(3);
    expect(groups.lastRow('CMD-2')).toBe(2);
    expect(groups.problems('CMD-1')).toBeUndefined();
  });
});

const lot = (stockId: string, available: number, over: Partial<ImportLot> = {}): ImportLot => ({
  stockId,
  productCode: 'MARGAUX-2015',
  warehouseId: 'w-bdx',
  segment: 'B2B',
  batch: null,
  ubd: null,
  bbd: null,
  available,
  ...over,
});

describe('Method: lotsFor and lineStocks', () => {
  const demand = { productCode: 'margaux-2015', batch: '', quantity: 10, segment: 'B2B' as const, warehouseId: null };

  it('takes the product’s lots of the segment (or none), of the batch and warehouse when named, first expired first', () => {
    const lots = [
      lot('late', 5, { bbd: '2031-01-01' }),
      lot('soon', 5, { bbd: '2029-01-01', batch: 'L7' }),
      lot('b2c', 50, { segment: 'B2C' }),
      lot('any', 50, { segment: null, warehouseId: 'w-cog' }),
      lot('other', 50, { productCode: 'PESSAC-2018' }),
    ];
    expect(lotsFor(lots, demand).map((l) => l.stockId)).toEqual(['soon', 'late', 'any']);
    expect(lotsFor(lots, { ...demand, batch: 'L7' }).map((l) => l.stockId)).toEqual(['soon']);
    expect(lotsFor(lots, { ...demand, warehouseId: 'w-cog' }).map((l) => l.stockId)).toEqual(['any']);
    expect(lotsFor(lots, demand, true)).toHaveLength(4);
  });

  it('fills the quantity lot by lot, and leaves what they lack on the first one', () => {
    expect(lineStocks([lot('a', 4, { ubd: '2030-01-01' }), lot('b', 10)], 6)).toEqual([
      { stockId: 'a', ordered: 4 },
      { stockId: 'b', ordered: 2 },
    ]);
    expect(lineStocks([lot('a', 4, { ubd: '2030-01-01' }), lot('b', 1)], 8)).toEqual([
      { stockId: 'a', ordered: 7 },
      { stockId: 'b', ordered: 1 },
    ]);
    expect(lineStocks([lot('a', 0)], 3)).toEqual([{ stockId: 'a', ordered: 3 }]);
    expect(lineStocks([], 3)).toEqual([]);
  });
});

describe('Method: allocationPlan', () => {
  const line = (row: number, reference: string, quantity: number, over: Partial<PlannedLine> = {}): PlannedLine => ({
    row,
    reference,
    send: true,
    productCode: 'MARGAUX-2015',
    batch: '',
    quantity,
    segment: 'B2B',
    warehouseId: null,
    ...over,
  });

  it('takes the orders to send in file order, each seeing what the earlier ones left', () => {
    const plan = allocationPlan([line(1, 'A', 8), line(2, 'B', 8), line(3, 'C', 2)], [lot('a', 12)]);
    expect(plan.get(1)).toEqual({ available: 12, covered: true, orderShort: false });
    expect(plan.get(2)).toEqual({ available: 4, covered: false, orderShort: false });
    // B, refused whole, took nothing.
    expect(plan.get(3)).toEqual({ available: 4, covered: true, orderShort: false });
  });

  it('marks the covered lines of an order with a short one, and leaves drafts out', () => {
    const plan = allocationPlan(
      [
        line(1, 'A', 2),
        line(2, 'A', 5, { productCode: 'PESSAC-2018' }),
        line(3, 'D', 50, { send: false }),
        line(4, 'E', 3),
      ],
      [lot('a', 3), lot('p', 1, { productCode: 'PESSAC-2018' })],
    );
    expect(plan.get(1)).toMatchObject({ covered: true, orderShort: true });
    expect(plan.get(2)).toMatchObject({ covered: false, available: 1 });
    expect(plan.has(3)).toBe(false);
    expect(plan.get(4)).toMatchObject({ covered: true, available: 3 });
  });

  it('counts a product twice in one order against the same lots', () => {
    const plan = allocationPlan([line(1, 'A', 3), line(2, 'A', 3)], [lot('a', 5)]);
    expect(plan.get(2)).toMatchObject({ available: 2, covered: false });
  });

  it('reads a row’s line from its cells', () => {
    expect(plannedLine({ segments: ['B2B'], warehouses: WAREHOUSES }, 4, row({ warehouse: 'bdx' }))).toEqual(
      line(4, 'CMD-1', 12, { warehouseId: 'w-bdx' }),
    );
    expect(plannedLine({ segments: ['B2B'], warehouses: WAREHOUSES }, 4, row({ quantity: 'x' }))).toBeNull();
  });
});

describe('Texts of the order import', () => {
  it('word every key in both languages', () => {
    const keys = (o: object, at = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${at}${k}.`) : [`${at}${k}`]));
    expect(keys(orderImportTexts.en).sort()).toEqual(keys(orderImportTexts.fr).sort());
  });
});
