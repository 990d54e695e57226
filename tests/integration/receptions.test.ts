/**
 * The receptions API through the local runtime (issue 9): its rules with their translated messages, its effects on
 * stock and their undoing, and each effect applied once under a replay, a race of two closes, a crash half-way, and
 * two receptions creating the same lot at once.
 */
import { todayIn } from '@cellar/shared/common/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../../functions/src/caller/principal';
import { recountAll } from '../../functions/src/counters/recount';
import { findProduct } from '../../functions/src/products/repository';
import { findReception } from '../../functions/src/receptions/repository';
import { updateReception } from '../../functions/src/receptions/service';
import { findStock, type StockItem, stockRecords } from '../../functions/src/stocks/repository';
import { applyReport } from '../../functions/src/wms/worker';
import { ADMIN1, ADMIN2, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';
import { wmsReportOf } from './wms';

let h: Harness;
type Product = { id: string; code: string; hasBatch: boolean; hasUbd: boolean; hidden: boolean; ownerId: string };
let cli1: { id: string; warehouseIds: string[] };
let cli2: { id: string; warehouseIds: string[] };
let batchProduct: Product;
let plainProduct: Product;
let datedProduct: Product;
let hiddenProduct: Product;
let supplier1: string;
let supplier2: string;
let superId: string;

const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let batchNo = 0;
/** A lot nobody has yet: its stock line starts at zero. */
const freshLot = (expected: number, patch: Record<string, unknown> = {}) => ({
  productId: batchProduct.id,
  quality: 'STD',
  batch: `T${Date.now().toString(36)}${++batchNo}`,
  expected,
  ...patch,
});

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  cli1 = { id: me.companyId, warehouseIds: me.warehouseIds };
  const me2 = (await h.call('GET', '/api/auth/user', { token: await h.login(ADMIN2) })).body;
  cli2 = { id: me2.companyId, warehouseIds: me2.warehouseIds };
  superId = (await h.call('GET', '/api/auth/user', { token: await h.login(SUPER) })).body.id;
  const products: Product[] = (await h.call('GET', '/api/products?paginate=100', { token })).body.data;
  batchProduct = products.find((p) => p.hasBatch && !p.hidden && !p.hasUbd) as Product;
  plainProduct = products.find((p) => !p.hasBatch && !p.hasUbd && !p.hidden) as Product;
  datedProduct = products.find((p) => p.hasUbd && !p.hidden) as Product;
  hiddenProduct = products.find((p) => p.hidden) as Product;
  const suppliers = (await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=5', { token })).body.data;
  supplier1 = suppliers.find((c: { code: string }) => c.code !== 'MULTI').id;
  const other = await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=5', { token: await h.login(ADMIN2) });
  supplier2 = other.body.data[0].id;
});
afterAll(() => h?.stop());

const body = (patch: Record<string, unknown> = {}) => ({
  segment: 'B2B',
  warehouseId: cli1.warehouseIds[0],
  reference: `R${Date.now().toString(36).slice(-6)}${++batchNo}`,
  expectedAt: day(3),
  supplierId: supplier1,
  statusCode: '001',
  stocks: [freshLot(12)],
  ...patch,
});
const post = async (email: string, b: Record<string, unknown>, lang = 'en') =>
  h.call('POST', '/api/receptions', { token: await h.login(email), body: b, lang });
const put = async (email: string, id: string, b: Record<string, unknown>, lang = 'en') =>
  h.call('PUT', `/api/receptions/${id}`, { token: await h.login(email), body: b, lang });
const get = async (email: string, id: string) =>
  h.call('GET', `/api/receptions/${id}`, { token: await h.login(email) });

type Figures = { quantity: number; quantity_on_arriving: number; quantity_receive_in_progress: number };
/** A stock line's columns, as the stock list shows them. */
async function stock(id: string): Promise<Figures> {
  const res = await h.call('GET', `/api/stocks?filter[id]=${id}`, { token: await h.login(ADMIN1) });
  const [s] = res.body.data;
  return {
    quantity: s.quantity,
    quantity_on_arriving: s.quantity_on_arriving,
    quantity_receive_in_progress: s.quantity_receive_in_progress,
  };
}
const figures = (quantity: number, onArriving: number, inProgress: number): Figures => ({
  quantity,
  quantity_on_arriving: onArriving,
  quantity_receive_in_progress: inProgress,
});
/** The movements a reception wrote, as the movement list shows them. */
async function movements(reference: string) {
  const res = await h.call('GET', `/api/stock-movements?filter[reception.reference]=${reference}&paginate=100`, {
    token: await h.login(ADMIN1),
  });
  return res.body.data as { quantity: number; direction: string; reasonCode: string; stock: { id: string } }[];
}

describe('POST /api/receptions: the rules, with their translated messages', () => {
  it('saves a draft with almost nothing, and sends only a complete reception', async () => {
    // Prepare
    const draft = { segment: 'B2B', warehouseId: cli1.warehouseIds[0], statusCode: '000', stocks: [] };
    // Act
    const saved = await post(USER1, draft);
    const sent = await post(USER1, { ...draft, statusCode: '001' });
    const fr = await post(USER1, { ...draft, statusCode: '001' }, 'fr');
    // Assess
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body).toMatchObject({ statusCode: '000', reference: '', lineCount: 0, supplier: null });
    expect(sent.status).toBe(422);
    expect(sent.body.errors).toEqual({
      reference: ['This field is required.'],
      expectedAt: ['This field is required.'],
      supplierId: ['This field is required.'],
      stocks: ['This field is required.'],
    });
    expect(fr.body.errors.reference).toEqual(['Ce champ est obligatoire.']);
  });

  it.each([
    ['a reference over 20 characters', { reference: 'X'.repeat(21) }, 'reference', '20 characters at most.'],
    ['an expected date in the past', { expectedAt: day(-1) }, 'expectedAt', 'The date cannot be before today.'],
    ['no segment (the owner is not pooled)', { segment: null }, 'segment', 'This field is required.'],
    ['another owner’s supplier', { supplierId: 'SUPPLIER2' }, 'supplierId', 'Invalid value.'],
    ['a warehouse not the owner’s', { warehouseId: 'NOWHERE' }, 'warehouseId', 'Invalid value.'],
    [
      'a quantity of 0',
      { stocks: [{ productId: 'BATCH', quality: 'STD', expected: 0 }] },
      'stocks.0.expected',
      'The value must be between 1 and 99999.',
    ],
    [
      'a quantity of 100,000',
      { stocks: [{ productId: 'BATCH', quality: 'STD', expected: 100_000 }] },
      'stocks.0.expected',
      'The value must be between 1 and 99999.',
    ],
    [
      'a quantity written "0x10" (not read as 16)',
      { stocks: [{ productId: 'BATCH', quality: 'STD', batch: 'L1', expected: '0x10' }] },
      'stocks.0.expected',
      'Whole numbers only.',
    ],
    [
      'a quantity written "1e3"',
      { stocks: [{ productId: 'BATCH', quality: 'STD', batch: 'L1', expected: '1e3' }] },
      'stocks.0.expected',
      'Whole numbers only.',
    ],
    [
      'a hidden product',
      { stocks: [{ productId: 'HIDDEN', quality: 'STD', expected: 1 }] },
      'stocks.0.productId',
      'Invalid value.',
    ],
    [
      'another owner’s product',
      { stocks: [{ productId: 'NOPE', quality: 'STD', expected: 1 }] },
      'stocks.0.productId',
      'Invalid value.',
    ],
    [
      'a batch on a product without batches',
      { stocks: [{ productId: 'PLAIN', quality: 'STD', batch: 'L1', expected: 1 }] },
      'stocks.0.batch',
      'Invalid value.',
    ],
    [
      'a new lot of a lot-managed product without its batch',
      { stocks: [{ productId: 'BATCH', quality: 'STD', expected: 1 }] },
      'stocks.0.batch',
      'This field is required.',
    ],
    [
      'a new lot of a lot-managed product with a blank batch',
      { stocks: [{ productId: 'BATCH', quality: 'STD', batch: '   ', expected: 1 }] },
      'stocks.0.batch',
      'This field is required.',
    ],
    [
      'a use-by date on a product without one',
      { stocks: [{ productId: 'BATCH', quality: 'STD', ubd: day(90), expected: 1 }] },
      'stocks.0.ubd',
      'Invalid value.',
    ],
    [
      'a new lot whose use-by date is past',
      { stocks: [{ productId: 'DATED', quality: 'STD', batch: 'L1', ubd: day(-1), expected: 1 }] },
      'stocks.0.ubd',
      'The date cannot be before today.',
    ],
  ])('refuses %s', async (_name, patch, field, message) => {
    // Prepare
    const ids: Record<string, string> = {
      SUPPLIER2: supplier2,
      BATCH: batchProduct.id,
      PLAIN: plainProduct.id,
      DATED: datedProduct.id,
      HIDDEN: hiddenProduct?.id ?? 'none',
    };
    const resolved = JSON.parse(JSON.stringify(patch), (_k, v) => (typeof v === 'string' && ids[v] ? ids[v] : v));
    // Act
    const res = await post(ADMIN1, body(resolved));
    // Assess
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
  });

  it('takes a pooled owner’s reception without segment, and checks its own warehouses', async () => {
    // Prepare
    const stocks = (await h.call('GET', '/api/products?paginate=20', { token: await h.login(ADMIN2) })).body.data;
    const p = stocks.find((x: Product) => !x.hidden && !x.hasBatch && !x.hasUbd);
    const b = {
      warehouseId: cli2.warehouseIds[0],
      reference: 'POOL-1',
      expectedAt: day(2),
      supplierId: supplier2,
      statusCode: '001',
      stocks: [{ productId: p.id, quality: 'STD', expected: 5 }],
    };
    const outside = cli1.warehouseIds.find((w) => !cli2.warehouseIds.includes(w));
    // Act
    const ok = await post(ADMIN2, b);
    const wrongWarehouse = await post(ADMIN2, { ...b, warehouseId: outside });
    // Assess
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.segment).toBeNull();
    expect(wrongWarehouse.status).toBe(422);
    expect(wrongWarehouse.body.errors.warehouseId).toEqual(['Invalid value.']);
  });

  it('names a stock line only of the same product and warehouse', async () => {
    // Prepare
    const first = await post(ADMIN1, body());
    const line = first.body.stocks[0];
    // Act
    const otherProduct = await post(
      ADMIN1,
      body({ stocks: [{ productId: plainProduct.id, stockId: line.stockId, quality: 'STD', expected: 1 }] }),
    );
    const otherWarehouse = await post(
      ADMIN1,
      body({
        warehouseId: cli1.warehouseIds[1],
        stocks: [{ productId: batchProduct.id, stockId: line.stockId, quality: 'STD', expected: 1 }],
      }),
    );
    const same = await post(
      ADMIN1,
      body({ stocks: [{ productId: batchProduct.id, stockId: line.stockId, quality: 'STD', expected: 3 }] }),
    );
    // Assess
    expect(otherProduct.body.errors['stocks.0.stockId']).toEqual(['Invalid value.']);
    expect(otherWarehouse.body.errors['stocks.0.stockId']).toEqual(['Invalid value.']);
    expect(same.status).toBe(201);
    expect(same.body.stocks[0]).toMatchObject({ stockId: line.stockId, batch: line.batch });
    expect((await stock(line.stockId)).quantity_on_arriving).toBe(15);
  });

  it('keeps a named stock line’s own quality, and takes only STD or NCO for a new lot', async () => {
    // Prepare: a blocked (BLO) stock line of the owner, in its warehouse.
    const token = await h.login(ADMIN1);
    const blocked = (await h.call('GET', '/api/stocks?filter[quality]=BLO&paginate=1', { token })).body.data[0];
    const named = { productId: blocked.product.id, stockId: blocked.id, quality: 'BLO', expected: 2 };
    // Act
    const ok = await post(
      ADMIN1,
      body({ warehouseId: blocked.warehouse.id, segment: blocked.segment ?? 'B2B', stocks: [named] }),
    );
    const refused = await post(ADMIN1, body({ stocks: [freshLot(2, { quality: 'BLO' })] }));
    // Assess
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.stocks[0]).toMatchObject({ stockId: blocked.id, quality: 'BLO' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['stocks.0.quality']).toEqual(['Invalid value.']);
  });

  it('reuses an equal lot instead of creating a second stock line', async () => {
    // Prepare
    const lot = freshLot(4);
    // Act
    const a = await post(ADMIN1, body({ stocks: [lot] }));
    const b = await post(ADMIN1, body({ stocks: [{ ...lot, batch: ` ${lot.batch} ` }] }));
    // Assess
    expect(b.body.stocks[0].stockId).toBe(a.body.stocks[0].stockId);
    expect(await stock(a.body.stocks[0].stockId)).toEqual(figures(0, 8, 0));
  });

  it('ends two receptions creating the same new lot at once with one stock line', async () => {
    // Prepare
    const lot = freshLot(7);
    // Act
    const [a, b] = await Promise.all([post(ADMIN1, body({ stocks: [lot] })), post(USER1, body({ stocks: [lot] }))]);
    // Assess
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.stocks[0].stockId).toBe(b.body.stocks[0].stockId);
    const lines = await h.call('GET', `/api/stocks?filter[batch]=${lot.batch}&paginate=20`, {
      token: await h.login(ADMIN1),
    });
    expect(lines.body.meta.total).toBe(1);
    expect(await stock(a.body.stocks[0].stockId)).toEqual(figures(0, 14, 0));
  });

  it('ends two receptions creating the same 120 new lots at once with one stock line each, some lots known before', async () => {
    // Prepare: 120 lots (more than one batch of claims), 10 of them with a line already.
    const lots = Array.from({ length: 120 }, () => freshLot(2));
    const known = await post(ADMIN1, body({ stocks: lots.slice(0, 10) }));
    // Act
    const [a, b] = await Promise.all([post(ADMIN1, body({ stocks: lots })), post(USER1, body({ stocks: lots }))]);
    // Assess: both name the same line for each lot, the known ones theirs, and each line holds both receptions.
    expect([known.status, a.status, b.status]).toEqual([201, 201, 201]);
    const ids = (r: typeof a) => r.body.stocks.map((l: { stockId: string }) => l.stockId);
    expect(ids(b)).toEqual(ids(a));
    expect(new Set(ids(a)).size).toBe(120);
    expect(ids(a).slice(0, 10)).toEqual(ids(known));
    expect(await stock(ids(a)[0])).toEqual(figures(0, 6, 0));
    expect(await stock(ids(a)[119])).toEqual(figures(0, 4, 0));
  });

  it('keeps the tenant from the token: another owner named by a client is ignored', async () => {
    // Act
    const res = await post(ADMIN1, body({ ownerId: cli2.id }));
    const superWithout = await post(SUPER, body());
    // Assess
    expect(res.body.ownerId).toBe(cli1.id);
    expect(superWithout.status).toBe(422);
    expect(superWithout.body.errors.ownerId).toEqual(['This field is required.']);
  });
});

describe('PUT /api/receptions/{id}: statuses and who may change them', () => {
  it('sends a draft (writer) after checking it; an incomplete one stays a draft', async () => {
    // Prepare
    const draft = await post(USER1, body({ statusCode: '000', reference: '', supplierId: null }));
    // Act
    const refused = await put(USER1, draft.body.id, { statusCode: '001' });
    const stillDraft = await get(USER1, draft.body.id);
    const completed = await put(USER1, draft.body.id, { ...body({ reference: 'SENT-1' }), statusCode: '001' });
    // Assess
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({
      reference: ['This field is required.'],
      supplierId: ['This field is required.'],
    });
    expect(stillDraft.body.statusCode).toBe('000');
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.statusCode).toBe('001');
    expect(await stock(completed.body.stocks[0].stockId)).toEqual(figures(0, 12, 0));
  });

  it('lets only canUpdateStatus users change a status, and only the superadmin enter received quantities', async () => {
    // Prepare
    const r = await post(USER1, body());
    const lineId = r.body.stocks[0].id;
    // Act
    const byUser = await put(USER1, r.body.id, { statusCode: '100' });
    const byReader = await put(READER1, r.body.id, { statusCode: '100' });
    const receivedByAdmin = await put(ADMIN1, r.body.id, { statusCode: '100', received: { [lineId]: 3 } });
    const byAdmin = await Promise.all(['100', '200'].map((statusCode) => put(ADMIN1, r.body.id, { statusCode })));
    const bySuper = await put(SUPER, r.body.id, { statusCode: '100' });
    const timeline = await h.call('GET', `/api/receptions/${r.body.id}/timeline`, { token: await h.login(USER1) });
    // Assess: arrival and count are the warehouse's; the provider's staff may stand in for it, on the record
    expect([byUser.status, byReader.status, receivedByAdmin.status]).toEqual([403, 403, 403]);
    expect(byAdmin.map((a) => a.status)).toEqual([403, 403]);
    expect(bySuper.body.statusCode).toBe('100');
    expect(timeline.body.map((e: { type: string; to: string | null }) => [e.type, e.to])).toEqual([
      ['sent', '001'],
      ['status', '100'],
    ]);
  });

  it('locks the reference once sent, and the content once in progress', async () => {
    // Prepare
    const r = await post(ADMIN1, body());
    // Act
    const renamed = await put(ADMIN1, r.body.id, { ...body(), statusCode: '001' });
    const moreLines = await put(
      ADMIN1,
      r.body.id,
      { reference: r.body.reference, stocks: [freshLot(20)], statusCode: '001' },
      'fr',
    );
    await put(SUPER, r.body.id, { statusCode: '100' });
    const late = await put(ADMIN1, r.body.id, { expectedAt: day(9) });
    // Assess
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.reference).toEqual(['This value can no longer be changed.']);
    expect(moreLines.status, moreLines.text).toBe(200);
    expect(moreLines.body.expectedQuantity).toBe(20);
    // The first line went: its on-arriving quantity with it; the new one is on its way.
    expect(await stock(r.body.stocks[0].stockId)).toEqual(figures(0, 0, 0));
    expect(await stock(moreLines.body.stocks[0].stockId)).toEqual(figures(0, 0, 20));
    expect(late.status).toBe(422);
    expect(late.body.errors.statusCode).toEqual(['Can no longer be changed in this status.']);
  });
});

describe('the effect on stock', () => {
  it('walks 001 → 100 → 200 and back, and a superadmin delete takes back the rest', async () => {
    // Prepare
    const r = await post(ADMIN1, body({ stocks: [freshLot(12), freshLot(30)] }));
    const [a, b] = r.body.stocks;
    const ref = r.body.reference;
    // Act / Assess, step by step
    expect(await stock(a.stockId)).toEqual(figures(0, 12, 0));
    await put(SUPER, r.body.id, { statusCode: '100' });
    expect(await stock(a.stockId)).toEqual(figures(0, 0, 12));
    const closed = await put(SUPER, r.body.id, { statusCode: '200', received: { [b.id]: 28 } });
    expect(closed.body).toMatchObject({ statusCode: '200', expectedQuantity: 42, receivedQuantity: 40 });
    expect(await stock(a.stockId)).toEqual(figures(12, 0, 0));
    expect(await stock(b.stockId)).toEqual(figures(28, 0, 0));
    const written = await movements(ref);
    expect(written.map((m) => [m.stock.id, m.quantity, m.direction, m.reasonCode]).sort()).toEqual(
      [
        [a.stockId, 12, 'input', 'REC'],
        [b.stockId, 28, 'input', 'REC'],
      ].sort(),
    );
    await put(SUPER, r.body.id, { statusCode: '100' });
    expect(await stock(b.stockId)).toEqual(figures(0, 0, 30));
    expect(await movements(ref)).toEqual([]);
    const byAdmin = await h.call('DELETE', `/api/receptions/${r.body.id}`, { token: await h.login(ADMIN1) });
    const bySuper = await h.call('DELETE', `/api/receptions/${r.body.id}`, { token: await h.login(SUPER) });
    expect(byAdmin.status).toBe(403);
    expect(bySuper.status).toBe(200);
    expect(await stock(a.stockId)).toEqual(figures(0, 0, 0));
    expect(await stock(b.stockId)).toEqual(figures(0, 0, 0));
    expect((await get(SUPER, r.body.id)).status).toBe(404);
  });

  it('keeps the product’s stock summary and the counters in step (a recount finds nothing to repair)', async () => {
    // Prepare
    const token = await h.login(ADMIN1);
    const summary = async () => (await findProduct(batchProduct.id))?.stock;
    const before = await summary();
    const moves = (await h.call('GET', '/api/stock-movements?paginate=1', { token })).body.meta.total;
    const r = await post(ADMIN1, body({ stocks: [freshLot(9), freshLot(4)] }));
    const key = `${cli1.warehouseIds[0]}|B2B`;
    // Act
    await put(SUPER, r.body.id, { statusCode: '200', received: { [r.body.stocks[1].id]: 0 } });
    const closed = await summary();
    await put(SUPER, r.body.id, { statusCode: '100' });
    const reopened = await summary();
    const recounted = await recountAll();
    // Assess
    expect(closed?.quantity).toBe((before?.quantity ?? 0) + 9);
    expect(closed?.sellable[key]).toBe((before?.sellable[key] ?? 0) + 9);
    expect(reopened).toEqual(before);
    // A line received at 0 writes no movement.
    expect((await h.call('GET', '/api/stock-movements?paginate=1', { token })).body.meta.total).toBe(moves);
    for (const entity of ['reception', 'stock', 'stockMovement']) {
      expect(recounted.find((x) => x.entity === entity)?.repaired).toEqual([]);
    }
  });

  it('applies a replayed PUT once', async () => {
    // Prepare
    const r = await post(ADMIN1, body({ stocks: [freshLot(10)] }));
    // Act
    const first = await put(SUPER, r.body.id, { statusCode: '200' });
    const again = await put(SUPER, r.body.id, { statusCode: '200' });
    // Assess
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await stock(r.body.stocks[0].stockId)).toEqual(figures(10, 0, 0));
    expect(await movements(r.body.reference)).toHaveLength(1);
  });

  it('refuses to take back what orders have allocated since the close, and moves nothing', async () => {
    // Prepare: a closed reception of 10 on a new lot, 8 of which an order holds since.
    const r = await post(ADMIN1, body({ stocks: [freshLot(10)] }));
    await put(SUPER, r.body.id, { statusCode: '200' });
    const stockId = r.body.stocks[0].stockId as string;
    const line = (await findStock(stockId)) as StockItem;
    await stockRecords.replace({ ...line, quantity_allocated: 8 }, line);
    // Act
    const back = await put(SUPER, r.body.id, { statusCode: '100' });
    const deleted = await h.call('DELETE', `/api/receptions/${r.body.id}`, { token: await h.login(SUPER), lang: 'en' });
    // Assess
    expect(back.status).toBe(409);
    expect(back.body.errors['stocks.0'][0]).toContain(batchProduct.code);
    expect(deleted.status).toBe(409);
    expect(await stock(stockId)).toEqual(figures(10, 0, 0));
    expect((await get(ADMIN1, r.body.id)).body.statusCode).toBe('200');
    // Once the order lets go, the reception may go back.
    const held = (await findStock(stockId)) as StockItem;
    await stockRecords.replace({ ...held, quantity_allocated: 0 }, held);
    expect((await put(SUPER, r.body.id, { statusCode: '100' })).status).toBe(200);
    expect(await stock(stockId)).toEqual(figures(0, 0, 10));
  });

  it('counts stock once when two closes race', async () => {
    // Prepare
    const r = await post(ADMIN1, body({ stocks: [freshLot(11), freshLot(13)] }));
    // Act
    const counted = r.body.stocks.map((l: { id: string; expected: number; batch: string | null }) => ({
      lineId: l.id,
      quantity: l.expected,
      quality: 'STD',
      batch: l.batch,
      ubd: null,
      bbd: null,
      note: null,
    }));
    const report = wmsReportOf('reception.received', r.body.id, {
      receivedAt: new Date().toISOString(),
      lots: counted,
    });
    // Act: the provider's staff close it by hand as the warehouse's count arrives
    const [byHand, byWarehouse] = await Promise.all([
      put(SUPER, r.body.id, { statusCode: '200' }),
      applyReport(report),
    ]);
    // Assess
    expect([200, 409]).toContain(byHand.status);
    expect(['applied', 'stale']).toContain(byWarehouse);
    expect(await stock(r.body.stocks[0].stockId)).toEqual(figures(11, 0, 0));
    expect(await stock(r.body.stocks[1].stockId)).toEqual(figures(13, 0, 0));
    expect(await movements(r.body.reference)).toHaveLength(2);
  });

  it('completes a close interrupted half-way, on the next read, exactly once', async () => {
    // Prepare
    const r = await post(ADMIN1, body({ stocks: [freshLot(5), freshLot(6), freshLot(7)] }));
    const caller = await callerFor(superId);
    if (!caller) throw new Error('no superadmin');
    const crash = (applied: number) => {
      if (applied === 2) throw new Error('crash');
    };
    // Act
    await expect(
      updateReception(caller, r.body.id, { statusCode: '200' }, { stepEffects: 1, afterStep: crash }),
    ).rejects.toThrow('crash');
    const halfway = await findReception(r.body.id);
    const [a, b, c] = r.body.stocks;
    // Assess: two lines in, the third still on its way, the change recorded
    expect(halfway?.transition).toMatchObject({ to: '200', done: 2, restore: { statusCode: '001' } });
    expect(await stock(a.stockId)).toEqual(figures(5, 0, 0));
    expect(await stock(c.stockId)).toEqual(figures(0, 7, 0));
    // Act: anyone reading it completes it; a replay of the close then changes nothing
    const read = await get(ADMIN1, r.body.id);
    await put(SUPER, r.body.id, { statusCode: '200' });
    // Assess
    expect(read.body.statusCode).toBe('200');
    expect(await findReception(r.body.id)).toMatchObject({ transition: null });
    expect(await stock(a.stockId)).toEqual(figures(5, 0, 0));
    expect(await stock(b.stockId)).toEqual(figures(6, 0, 0));
    expect(await stock(c.stockId)).toEqual(figures(7, 0, 0));
    expect(await movements(r.body.reference)).toHaveLength(3);
  });
});

describe('tenancy and deletes', () => {
  it('hides a reception from another company (404 on get, put and delete)', async () => {
    // Prepare
    const r = await post(ADMIN1, body());
    // Act
    const token = await h.login(ADMIN2);
    const answers = await Promise.all([
      h.call('GET', `/api/receptions/${r.body.id}`, { token }),
      h.call('PUT', `/api/receptions/${r.body.id}`, { token, body: { statusCode: '100' } }),
      h.call('DELETE', `/api/receptions/${r.body.id}`, { token }),
    ]);
    // Assess
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect((await get(ADMIN1, r.body.id)).body.statusCode).toBe('001');
  });

  it('lets a writer delete a draft and cancel a reception not arrived, not one arrived', async () => {
    // Prepare
    const draft = await post(USER1, body({ statusCode: '000' }));
    const sent = await post(USER1, body());
    const arrived = await post(USER1, body());
    await put(SUPER, arrived.body.id, { statusCode: '100' });
    // Act
    const deleted = await h.call('DELETE', `/api/receptions/${draft.body.id}`, {
      token: await h.login(USER1),
      lang: 'fr',
    });
    const cancelled = await h.call('DELETE', `/api/receptions/${sent.body.id}`, { token: await h.login(USER1) });
    const refused = await h.call('DELETE', `/api/receptions/${arrived.body.id}`, { token: await h.login(USER1) });
    // Assess
    expect(deleted.body).toEqual({ message: 'La réception a été supprimée.' });
    expect(cancelled.status).toBe(200);
    expect(await stock(sent.body.stocks[0].stockId)).toEqual(figures(0, 0, 0));
    expect(refused.status).toBe(403);
  });
});

describe('GET /api/receptions', () => {
  it('pages newest first, filters by status and supplier, searches, includes the supplier’s address', async () => {
    // Prepare
    const token = await h.login(ADMIN1);
    const mine = await post(ADMIN1, body({ reference: 'FINDME-42' }));
    // Act
    const first = await h.call('GET', '/api/receptions?paginate=5&include=supplier,supplier.address,owner,warehouse', {
      token,
    });
    const drafts = await h.call('GET', '/api/receptions?filter[statusCode]=000&paginate=100', { token });
    const bySupplier = await h.call('GET', `/api/receptions?filter[supplier.id]=${supplier1}&paginate=100`, { token });
    const search = await h.call('GET', '/api/receptions?filter[search]=findme', { token });
    const other = await h.call('GET', '/api/receptions?paginate=100', { token: await h.login(ADMIN2) });
    // Assess
    expect(first.status, first.text).toBe(200);
    expect(first.body.data[0].id).toBe(mine.body.id);
    const created = first.body.data.map((r: { createdAt: string }) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(first.body.data[0].supplier.address.city).toBeTruthy();
    expect(drafts.body.data.length).toBeGreaterThan(0);
    expect(drafts.body.data.every((r: { statusCode: string }) => r.statusCode === '000')).toBe(true);
    expect(bySupplier.body.data.every((r: { supplierId: string }) => r.supplierId === supplier1)).toBe(true);
    expect(search.body.data.map((r: { id: string }) => r.id)).toEqual([mine.body.id]);
    expect(other.body.data.every((r: { ownerId: string }) => r.ownerId === cli2.id)).toBe(true);
  });

  it('shows the demo’s receptions in every status for both clients', async () => {
    // Act
    const statuses = async (email: string) =>
      new Set(
        (
          await h.call('GET', '/api/receptions?filter[reference][startsWith]=REC-CLI&paginate=100', {
            token: await h.login(email),
          })
        ).body.data.map((r: { statusCode: string }) => r.statusCode),
      );
    // Assess
    expect([...(await statuses(ADMIN1))].sort()).toEqual(['000', '001', '100', '200']);
    expect([...(await statuses(ADMIN2))].sort()).toEqual(['000', '001', '100', '200']);
  });

  it('exports CSV with the warehouse as its code, within start_date and end_date', async () => {
    // Act
    const token = await h.login(ADMIN1);
    // The range compares with createdAt by Paris days: today's receptions are within today's Paris day.
    const day = todayIn();
    const csv = await h.call(
      'GET',
      `/api/receptions?output=csv&columns=reference,warehouse.name,statusCode&start_date=${day}&end_date=${day}`,
      { token },
    );
    const before = await h.call(
      'GET',
      '/api/receptions?output=csv&columns=reference&start_date=2000-01-01&end_date=2000-01-02',
      { token },
    );
    // Assess
    expect(csv.status, csv.text).toBe(200);
    const [header, row] = csv.text.trim().split(/\r?\n/);
    expect(header).toBe('Reference;Warehouse;Status');
    expect(row).toMatch(/;(BDX|COG|REI);(Draft|Awaiting reception|In progress|Closed)$/);
    expect(before.text.trim().split(/\r?\n/)).toHaveLength(1);
  });
});

describe('the multi-supplier entry', () => {
  it('exists for every demo owner, and for a company created later', async () => {
    // Prepare
    const superToken = await h.login(SUPER);
    const company = await h.call('POST', '/api/companies', {
      token: superToken,
      body: {
        code: 'CLI777',
        name: 'Maison Test',
        address: { company: 'Maison Test', street: '1 rue A', postcode: '33000', city: 'Bordeaux', country: 'FR' },
        warehouseIds: cli1.warehouseIds.slice(0, 1),
        segments: ['B2B'],
        isPooledActivity: false,
        isTopAgent: false,
        isCertifiedOrganic: false,
        scope: ['*'],
        active: true,
      },
    });
    // Act
    const multi = async (email: string, extra = '') =>
      (
        await h.call('GET', `/api/contacts?filter[type]=supplier&filter[code]=MULTI${extra}`, {
          token: await h.login(email),
        })
      ).body.data;
    // Assess
    expect((await multi(ADMIN1))[0]).toMatchObject({ code: 'MULTI', displayName: 'Multi-fournisseurs' });
    expect(await multi(ADMIN2)).toHaveLength(1);
    expect(company.status, company.text).toBe(201);
    expect(await multi(SUPER, `&filter[owner.id]=${company.body.id}`)).toHaveLength(1);
  });
});

describe('Impersonation', () => {
  it('records in the timeline the user acted as and the superadmin who acted, at creation and on a change', async () => {
    // Prepare
    const user = (await h.call('GET', '/api/auth/user', { token: await h.login(USER1) })).body;
    const superadmin = (await h.call('GET', '/api/auth/user', { token: await h.login(SUPER) })).body;
    const token = (await h.call('GET', `/api/auth/login-as/${user.id}`, { token: await h.login(SUPER) })).body
      .access_token;
    // Act
    const created = await h.call('POST', '/api/receptions', { token, body: body({ statusCode: '000' }) });
    await h.call('PUT', `/api/receptions/${created.body.id}`, { token, body: { statusCode: '001' } });
    const timeline = await h.call('GET', `/api/receptions/${created.body.id}/timeline`, { token });
    // Assess
    expect(created.status, created.text).toBe(201);
    const actor = {
      type: 'user',
      name: `${user.firstname} ${user.lastname}`,
      actingFor: `${superadmin.firstname} ${superadmin.lastname}`,
    };
    expect(timeline.body.map((e: { type: string; actor: object }) => [e.type, e.actor])).toEqual([
      ['created', actor],
      ['sent', actor],
    ]);
  });
});
