/**
 * Orders and stock (issue 10): sending allocates every line or none (409 naming each refused line), cancel and
 * delete release, an edit in 010 allocates the difference, sent (070) turns the allocation into an output with its
 * movements; each effect applied once under a replay, a race, a crash half-way, and a double-clicked POST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../../functions/src/caller/principal';
import { recountAll } from '../../functions/src/counters/recount';
import { companies, warehouses } from '../../functions/src/data/reference';
import { getItem, queryAll } from '../../functions/src/data/table';
import { findOrder } from '../../functions/src/orders/repository';
import { updateOrder } from '../../functions/src/orders/service';
import { PENDING_LEDGER } from '../../functions/src/stocks/ledger';
import { findStock, stockRecords } from '../../functions/src/stocks/repository';
import { applyReport } from '../../functions/src/wms/worker';
import { ADMIN1, type Harness, SUPER, startHarness, USER1 } from './harness';
import { freshStock, orderBody } from './order-fixtures';
import { wmsReportOf } from './wms';

let h: Harness;
let at: { productId: string; warehouseId: string };
let recipient: string;
let superId: string;

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  superId = (await h.call('GET', '/api/auth/user', { token: await h.login(SUPER) })).body.id;
  recipient = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0].id;
  const products = (await h.call('GET', '/api/products?paginate=50', { token })).body.data;
  at = { productId: products.find((p: { hidden: boolean }) => !p.hidden).id, warehouseId: me.warehouseIds[0] };
});
afterAll(() => h?.stop());

const stockLine = (quantity: number) => freshStock(quantity, at);
const body = (stockIds: string | string[], patch: Record<string, unknown> = {}) =>
  orderBody(stockIds, recipient, patch);
const post = async (email: string, b: unknown, headers: Record<string, string> = {}, lang = 'en') =>
  h.call('POST', '/api/orders', { token: await h.login(email), body: b, headers, lang });
const put = async (email: string, id: string, b: unknown) =>
  h.call('PUT', `/api/orders/${id}`, { token: await h.login(email), body: b });

/** The warehouse finds `by` more bottles of a line (its stock adjustment report, as it sends one). */
async function moveStock(id: string, by: number) {
  const s = await findStock(id);
  if (!s) throw new Error('no stock line');
  const [owners, sites] = await Promise.all([companies.get(), warehouses.get()]);
  const report = wmsReportOf('stock.adjusted', `INV-${id}`, {
    seq: 1,
    ownerCode: owners.get(s.ownerId)?.code as string,
    warehouseCode: sites.get(s.warehouseId)?.code as string,
    productCode: s.productCode,
    segment: s.segment,
    quality: s.quality,
    batch: s.batch,
    ubd: s.ubd,
    bbd: s.bbd,
    quantity: by,
    reasonCode: 'INV+',
    reason: 'Inventaire',
    note: '',
  });
  expect(await applyReport(report)).toBe('applied');
}

/** A stock line's figures as the stock list shows them. */
async function figures(id: string) {
  const res = await h.call('GET', `/api/stocks?filter[id]=${id}`, { token: await h.login(ADMIN1) });
  const [s] = res.body.data;
  return { quantity: s.quantity, allocated: s.quantity_allocated, available: s.available };
}
async function movements(reference: string) {
  const res = await h.call('GET', `/api/stock-movements?filter[order.reference]=${reference}&paginate=100`, {
    token: await h.login(ADMIN1),
  });
  return res.body.data as { quantity: number; direction: string; reasonCode: string; stock: { id: string } }[];
}
const ordered = (stockId: string, n: number) => ({ stockId, ordered: n });

describe('sending allocates every line, or none', () => {
  it('allocates on send, not in draft', async () => {
    // Prepare
    const s = await stockLine(10);
    // Act
    const draft = await post(USER1, body(s, { statusCode: '000', stocks: [ordered(s, 4)] }));
    const inDraft = await figures(s);
    const sent = await put(USER1, draft.body.id, { statusCode: '005' });
    // Assess
    expect(inDraft).toEqual({ quantity: 10, allocated: 0, available: 10 });
    expect(sent.status, sent.text).toBe(200);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 4, available: 6 });
    expect(sent.body.stocks[0].availableQuantity).toBe(6);
  });

  it('refuses a send that cannot take every line: 409 per refused line, the others released, still a draft', async () => {
    // Prepare
    const [a, b, c] = [await stockLine(5), await stockLine(2), await stockLine(1)];
    const draft = await post(
      USER1,
      body([a, b, c], { statusCode: '000', stocks: [ordered(a, 3), ordered(b, 3), ordered(c, 2)] }),
    );
    // Act
    const sent = await put(USER1, draft.body.id, { statusCode: '005' });
    const fr = await h.call('PUT', `/api/orders/${draft.body.id}`, {
      token: await h.login(USER1),
      body: { statusCode: '005' },
      lang: 'fr',
    });
    // Assess
    expect(sent.status, sent.text).toBe(409);
    expect(Object.keys(sent.body.errors).sort()).toEqual(['stocks.1.ordered', 'stocks.2.ordered']);
    expect(sent.body.errors['stocks.1.ordered'][0]).toMatch(/3 ordered, 2 available/);
    expect(fr.body.errors['stocks.2.ordered'][0]).toMatch(/2 demandé\(s\), 1 disponible\(s\)/);
    expect(await figures(a)).toEqual({ quantity: 5, allocated: 0, available: 5 });
    expect(await figures(b)).toEqual({ quantity: 2, allocated: 0, available: 2 });
    const after = await findOrder(draft.body.id);
    expect(after).toMatchObject({ statusCode: '000', transition: null });
    expect(after?.lines).toHaveLength(3);
  });

  it('50 parallel sends for a line of 10: exactly 10 transmitted, 40 refused, 10 allocated', async () => {
    // Prepare
    const s = await stockLine(10);
    const drafts = await Promise.all(Array.from({ length: 50 }, () => post(USER1, body(s, { statusCode: '000' }))));
    // Act
    const answers = await Promise.all(drafts.map((d) => put(USER1, d.body.id, { statusCode: '005' })));
    // Assess
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(10);
    expect(statuses.filter((x) => x === 409)).toHaveLength(40);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 10, available: 0 });
    // The allocations that went as atomic updates left the line's keys and counters in step with its figures:
    // sorted by what is available, out of the sellable index, nothing left for the sweep, and nothing to recount.
    const line = await findStock(s);
    if (!line) throw new Error('no line');
    const stored = await getItem(stockRecords.key(line));
    const derived = (item: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(item).filter(([k]) => /^(GSI\d+|LS\d+)(PK|SK)$/.test(k)));
    expect(derived(stored ?? {})).toEqual(derived(stockRecords.item(line)));
    expect(stored?.GSI2PK).toBeUndefined();
    const left: string[] = [];
    for await (const p of queryAll({ pk: PENDING_LEDGER })) left.push(String(p.SK));
    expect(left.filter((k) => k.startsWith('refresh#'))).toEqual([]);
    const recounted = await recountAll();
    expect(recounted.find((x) => x.entity === 'stock')?.repaired).toEqual([]);
  }, 120_000);
});

describe('what each status does to stock', () => {
  it('releases on cancel, and the superadmin’s delete releases too', async () => {
    // Prepare
    const s = await stockLine(8);
    const one = await post(USER1, body(s, { stocks: [ordered(s, 3)] }));
    const two = await post(USER1, body(s, { stocks: [ordered(s, 2)] }));
    // Act
    await put(ADMIN1, one.body.id, { statusCode: '050' });
    const afterCancel = await figures(s);
    await h.call('DELETE', `/api/orders/${two.body.id}`, { token: await h.login(SUPER) });
    // Assess
    expect(afterCancel).toEqual({ quantity: 8, allocated: 2, available: 6 });
    expect(await figures(s)).toEqual({ quantity: 8, allocated: 0, available: 8 });
  });

  it('allocates only the difference when an order in 010 is modified, and refuses beyond the stock', async () => {
    // Prepare
    const s = await stockLine(10);
    const o = await post(USER1, body(s, { stocks: [ordered(s, 4)] }));
    await applyReport(wmsReportOf('order.acknowledged', o.body.id, {}));
    // Act
    const more = await put(USER1, o.body.id, { stocks: [ordered(s, 7)] });
    const afterMore = await figures(s);
    const tooMuch = await put(USER1, o.body.id, { stocks: [ordered(s, 11)] });
    const afterTooMuch = await figures(s);
    const kept = (await findOrder(o.body.id))?.lines[0]?.ordered;
    const less = await put(USER1, o.body.id, { stocks: [ordered(s, 2)] });
    // Assess
    expect(more.status, more.text).toBe(200);
    expect(afterMore).toEqual({ quantity: 10, allocated: 7, available: 3 });
    expect(tooMuch.status).toBe(409);
    expect(afterTooMuch).toEqual({ quantity: 10, allocated: 7, available: 3 });
    expect(kept).toBe(7);
    expect(less.body.statusCode).toBe('010');
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 2, available: 8 });
  });

  it('ships on 070: quantity and allocation fall by the prepared quantity, one output movement per line', async () => {
    // Prepare
    const [a, b] = [await stockLine(10), await stockLine(10)];
    const o = await post(USER1, body([a, b], { stocks: [ordered(a, 4), ordered(b, 5)] }));
    // Act
    const shipped = await put(SUPER, o.body.id, { statusCode: '070', prepared: { [b]: 3 } });
    const again = await put(SUPER, o.body.id, { statusCode: '070' });
    // Assess
    expect(shipped.status, shipped.text).toBe(200);
    expect(again.status).toBe(200);
    expect(await figures(a)).toEqual({ quantity: 6, allocated: 0, available: 6 });
    expect(await figures(b)).toEqual({ quantity: 7, allocated: 0, available: 7 });
    const moves = await movements(o.body.reference);
    expect(moves.map((m) => [m.stock.id, m.quantity, m.direction, m.reasonCode]).sort()).toEqual(
      [
        [a, 4, 'output', 'EXP'],
        [b, 3, 'output', 'EXP'],
      ].sort(),
    );
  });

  it('takes a shipment back when the superadmin moves a sent order back to entry', async () => {
    const s = await stockLine(10);
    const o = await post(USER1, body(s, { stocks: [ordered(s, 4)] }));
    await put(SUPER, o.body.id, { statusCode: '070' });
    const back = await put(SUPER, o.body.id, { statusCode: '010' });
    expect(back.status, back.text).toBe(200);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 4, available: 6 });
    expect(await movements(o.body.reference)).toHaveLength(0);
  });
});

describe('each effect once', () => {
  it('applies a replayed send once', async () => {
    const s = await stockLine(10);
    const d = await post(USER1, body(s, { statusCode: '000', stocks: [ordered(s, 3)] }));
    const first = await put(USER1, d.body.id, { statusCode: '005' });
    const again = await put(USER1, d.body.id, { statusCode: '005' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 3, available: 7 });
  });

  it('allocates once when two users send the same order at once', async () => {
    const s = await stockLine(10);
    const d = await post(USER1, body(s, { statusCode: '000', stocks: [ordered(s, 3)] }));
    const answers = await Promise.all([
      put(USER1, d.body.id, { statusCode: '005' }),
      put(ADMIN1, d.body.id, { statusCode: '005' }),
    ]);
    expect(answers.map((a) => a.status)).toContain(200);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 3, available: 7 });
  });

  it('completes a send interrupted half-way, on the next read, exactly once', async () => {
    // Prepare
    const [a, b, c] = [await stockLine(5), await stockLine(5), await stockLine(5)];
    const d = await post(
      USER1,
      body([a, b, c], { statusCode: '000', stocks: [ordered(a, 1), ordered(b, 2), ordered(c, 3)] }),
    );
    const caller = await callerFor(superId);
    if (!caller) throw new Error('no superadmin');
    const crash = (applied: number) => {
      if (applied === 2) throw new Error('crash');
    };
    // Act
    await expect(
      updateOrder(caller, d.body.id, { statusCode: '005' }, { stepEffects: 1, afterStep: crash }),
    ).rejects.toThrow('crash');
    const halfway = await findOrder(d.body.id);
    // Assess: two lines taken, the third not yet, the change recorded
    expect(halfway?.transition).toMatchObject({ to: '005', done: 2, restore: { statusCode: '000' } });
    expect((await figures(b)).allocated).toBe(2);
    expect((await figures(c)).allocated).toBe(0);
    // Act: a read completes it; a replay then changes nothing
    const read = await h.call('GET', `/api/orders/${d.body.id}`, { token: await h.login(ADMIN1) });
    await put(USER1, d.body.id, { statusCode: '005' });
    // Assess
    expect(read.body.statusCode).toBe('005');
    expect(await findOrder(d.body.id)).toMatchObject({ transition: null });
    expect([(await figures(a)).allocated, (await figures(b)).allocated, (await figures(c)).allocated]).toEqual([
      1, 2, 3,
    ]);
  });

  it('creates one order for a double-clicked POST with the same Idempotency-Key', async () => {
    // Prepare
    const s = await stockLine(10);
    const b = body(s, { stocks: [ordered(s, 2)] });
    const key = { 'Idempotency-Key': `k-${Date.now()}` };
    // Act
    const answers = await Promise.all([post(USER1, b, key), post(USER1, b, key)]);
    const later = await post(USER1, b, key);
    // Assess
    expect(
      answers.map((a) => a.status),
      answers.map((a) => a.text).join('\n'),
    ).toEqual([201, 201]);
    expect(new Set([...answers, later].map((a) => a.body.id)).size).toBe(1);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 2, available: 8 });
    const list = await h.call('GET', `/api/orders?filter[reference]=${b.reference}`, { token: await h.login(USER1) });
    expect(list.body.data).toHaveLength(1);
  });

  it('answers a retried send the stock refused as the send: the same 409 while short, then sent once it is there', async () => {
    // Prepare
    const s = await stockLine(1);
    const b = body(s, { stocks: [ordered(s, 2)] });
    const key = { 'Idempotency-Key': `k3-${Date.now()}` };
    const first = await post(USER1, b, key);
    expect(first.status, first.text).toBe(409);
    // Act
    const retried = await post(USER1, b, key);
    // Assess: not a draft answered as if it were sent.
    expect(retried.status, retried.text).toBe(409);
    expect(retried.body.errors).toEqual(first.body.errors);
    expect(await figures(s)).toEqual({ quantity: 1, allocated: 0, available: 1 });
    // Act: the stock arrives, the client retries once more.
    await moveStock(s, 1);
    const sent = await post(USER1, b, key);
    // Assess
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.statusCode).toBe('005');
    expect(await figures(s)).toEqual({ quantity: 2, allocated: 2, available: 0 });
    const list = await h.call('GET', `/api/orders?filter[reference]=${b.reference}`, { token: await h.login(USER1) });
    expect(list.body.data).toHaveLength(1);
  });

  it('refuses a quantity beyond a million, up to numbers near 2^53, with a message and nothing allocated', async () => {
    const s = await stockLine(10);
    for (const n of [1_000_001, 2 ** 53 - 1, 2 ** 53 + 2, 1e300]) {
      const res = await post(USER1, body(s, { stocks: [ordered(s, n)] }));
      expect(res.status, `${n} ${res.text}`).toBe(422);
    }
    const refused = await post(USER1, body(s, { stocks: [ordered(s, 1_000_001)] }));
    expect(refused.body.errors['stocks.0.ordered']).toEqual(['The value must be between 1 and 1000000.']);
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 0, available: 10 });
  });

  it('refuses the same Idempotency-Key with another body, and a key of no use, allocating nothing', async () => {
    // Prepare
    const s = await stockLine(10);
    const key = { 'Idempotency-Key': `k2-${Date.now()}` };
    const first = await post(USER1, body(s, { stocks: [ordered(s, 2)] }), key);
    expect(first.status, first.text).toBe(201);
    // Act
    const other = await post(USER1, body(s, { stocks: [ordered(s, 3)] }), key, 'fr');
    const long = await post(USER1, body(s, { stocks: [ordered(s, 1)] }), { 'Idempotency-Key': 'k'.repeat(2000) });
    const spaced = await post(USER1, body(s, { stocks: [ordered(s, 1)] }), { 'Idempotency-Key': 'a key' });
    // Assess
    expect(other.status, other.text).toBe(422);
    expect(other.body.errors['Idempotency-Key']).toEqual([
      "Cette clé d'idempotence a déjà servi pour une autre commande : choisissez-en une nouvelle.",
    ]);
    for (const refused of [long, spaced]) {
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.errors['Idempotency-Key']).toEqual([
        'The Idempotency-Key header holds 1 to 255 visible ASCII characters.',
      ]);
    }
    expect(await figures(s)).toEqual({ quantity: 10, allocated: 2, available: 8 });
  });
});

describe('counters', () => {
  it('keeps the order and stock counters exact through every change above (a recount repairs nothing)', async () => {
    const recounted = await recountAll();
    for (const entity of ['order', 'stock', 'stockMovement']) {
      expect(recounted.find((x) => x.entity === entity)?.repaired, entity).toEqual([]);
    }
  });
});
