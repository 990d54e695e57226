/**
 * The dashboard (spec 1 §2): each key figure is a counter kept by the writes that change orders, receptions and
 * stock, so it must stay exact through create, send, cancel, ship and delete, a retried request and a redelivered
 * warehouse message, and agree with the list its card links to; each part is there only for a caller holding its
 * module scope; the owner comes from the token, the superadmin's from ?ownerId= (every owner without it).
 */
import { cardFilters, type DashboardCard } from '@cellar/shared/dashboard/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/src/auth/passwords';
import { monthOf } from '../../functions/src/data/figures';
import { keys } from '../../functions/src/data/keys';
import { addToCounter, getItem } from '../../functions/src/data/table';
import { insertUser } from '../../functions/src/users/repository';
import { applyReport } from '../../functions/src/wms/worker';
import { ADMIN1, ADMIN2, type Harness, SUPER, startHarness, USER1 } from './harness';
import { day, freshStock, orderBody, unique } from './order-fixtures';
import { wmsReportOf } from './wms';

let h: Harness;
let at: { productId: string; warehouseId: string };
let recipient: string;
let supplier: string;
let cli1: string;
let cli2: string;
const ORDERS_ONLY = 'orders.only@cli001.test';
const NO_MODULE = 'no.module@cli001.test';

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  cli1 = me.companyId;
  cli2 = (await h.call('GET', '/api/auth/user', { token: await h.login(ADMIN2) })).body.companyId;
  recipient = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0].id;
  const suppliers = (await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=5', { token })).body.data;
  supplier = suppliers.find((c: { code: string }) => c.code !== 'MULTI').id;
  const products = (await h.call('GET', '/api/products?paginate=50', { token })).body.data;
  at = {
    productId: products.find((p: { hidden: boolean; hasBatch: boolean }) => !p.hidden && p.hasBatch).id,
    warehouseId: me.warehouseIds[0],
  };
  for (const [id, email, scope] of [
    ['ORDERSONLY1', ORDERS_ONLY, ['order']],
    ['NOMODULE1', NO_MODULE, []],
  ] as const) {
    await insertUser(
      {
        id,
        email,
        passwordHash: await hashPassword('Cellar-demo-2026'),
        firstname: 'Test',
        lastname: id,
        roleLevel: 2,
        active: true,
        locale: 'fr-FR',
        companyId: cli1,
        companyCode: 'CLI001',
        warehouseIds: me.warehouseIds,
        scope: [...scope],
        notificationChannels: [],
        childIds: [],
        createdAt: new Date().toISOString(),
        version: 1,
      },
      {},
    );
  }
}, 120_000);
afterAll(() => h?.stop());

type Kpi = Record<DashboardCard, number>;
const dashboard = async (email: string, query = '') =>
  (await h.call('GET', `/api/dashboard${query}`, { token: await h.login(email) })).body;
const kpi = async (email = ADMIN1, query = ''): Promise<Kpi> => (await dashboard(email, query)).kpi;
const as = async (email: string) => ({ token: await h.login(email) });
const total = async (email: string, path: string) => (await h.call('GET', path, await as(email))).body.meta.total;
const year = () => Number(day(0).slice(0, 4));

/** An order of `bottles` from a fresh line. */
async function orderOf(bottles: number) {
  const stock = await freshStock(50, at);
  return { ...orderBody(stock, recipient), stocks: [{ stockId: stock, ordered: bottles }] };
}
type OrderBody = Awaited<ReturnType<typeof orderOf>>;

/** Sends an order of `bottles` from a fresh line, or the body given (a retry sends the same); returns its id. */
async function sentOrder(order: number | OrderBody, headers?: Record<string, string>) {
  const body = typeof order === 'number' ? await orderOf(order) : order;
  const res = await h.call('POST', '/api/orders', { ...(await as(USER1)), body, headers });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}
/** The provider's staff set a status in the warehouse's stead (an override). */
const setStatus = async (id: string, statusCode: string) =>
  h.call('PUT', `/api/orders/${id}`, { ...(await as(SUPER)), body: { statusCode } });

describe('Figures: orders of the year and bottles sent', () => {
  it('agree with the lists the cards open', async () => {
    // Prepare
    const links = cardFilters(year());
    const opened = (path: string, card: keyof typeof links) => total(ADMIN1, `${path}?${links[card]}&paginate=1`);
    // Act
    const figures = await kpi();
    // Assess
    expect(figures.yearOrdersCount).toBeGreaterThan(0);
    expect(figures.yearReceptionsCount).toBeGreaterThan(0);
    expect(figures.referencesCount).toBeGreaterThan(0);
    expect(figures.yearOrdersCount).toBe(await opened('/api/orders', 'yearOrdersCount'));
    expect(figures.yearReceptionsCount).toBe(await opened('/api/receptions', 'yearReceptionsCount'));
    // References are the products the stock card's list shows lines of, not its lines.
    const lines = (await h.call('GET', `/api/stocks?${links.referencesCount}&paginate=1000`, await as(ADMIN1))).body
      .data as { product: { id: string } }[];
    const products = new Set(lines.map((l) => l.product.id));
    expect(lines.length).toBeGreaterThan(products.size);
    expect(figures.referencesCount).toBe(products.size);
    const sent = (
      await h.call('GET', `/api/orders?${links.yearBottlesCount}&paginate=1000&include=stocks`, await as(ADMIN1))
    ).body.data as { stocks: { ordered: number; prepared: number | null }[] }[];
    const bottles = sent.flatMap((o) => o.stocks).reduce((n, l) => n + (l.prepared ?? l.ordered), 0);
    expect(figures.yearBottlesCount).toBe(bottles);
  });

  it('stay exact through create, send, a retried create, a redelivered acknowledgement, ship, cancel and delete', async () => {
    // Prepare
    const start = await kpi();
    // Act + Assess: a draft counts nothing
    const draft = await h.call('POST', '/api/orders', {
      ...(await as(USER1)),
      body: { segment: 'B2B', statusCode: '000', stocks: [] },
    });
    expect((await kpi()).yearOrdersCount).toBe(start.yearOrdersCount);
    // a send counts one, a POST retried with its Idempotency-Key none more
    const key = { 'Idempotency-Key': unique('dash') };
    const order = await orderOf(6);
    const first = await sentOrder(order, key);
    const stock = (await h.call('GET', `/api/orders/${first}?include=stocks`, await as(USER1))).body.stocks[0].stockId;
    expect(await sentOrder(order, key)).toBe(first);
    expect((await kpi()).yearOrdersCount).toBe(start.yearOrdersCount + 1);
    // the warehouse's acknowledgement delivered three times moves nothing
    const ack = wmsReportOf('order.acknowledged', first, {});
    await Promise.all([applyReport(ack), applyReport(ack), applyReport(ack)]);
    expect(await kpi()).toMatchObject({
      yearOrdersCount: start.yearOrdersCount + 1,
      yearBottlesCount: start.yearBottlesCount,
    });
    // shipping, asked three times, counts its bottles once, and they leave the stock once
    const before = await kpi();
    // two racing requests (one wins the version, the other finds it shipped or answers 409), then a retry
    const racing = await Promise.all([setStatus(first, '070'), setStatus(first, '070')]);
    expect(racing.map((r) => r.status)).toContain(200);
    await setStatus(first, '070');
    const shipped = await kpi();
    expect(shipped.yearBottlesCount).toBe(before.yearBottlesCount + 6);
    expect(shipped.bottlesCount).toBe(before.bottlesCount - 6);
    expect(shipped.yearOrdersCount).toBe(before.yearOrdersCount);
    // a cancelled order stays an order of the year (only drafts are left out), with no bottles sent
    const other = await sentOrder(4);
    expect((await setStatus(other, '050')).status).toBe(200);
    expect(await kpi()).toMatchObject({
      yearOrdersCount: start.yearOrdersCount + 2,
      yearBottlesCount: start.yearBottlesCount + 6,
    });
    // the superadmin deletes the shipped order (asked twice): it and its bottles leave the figures once
    await h.call('DELETE', `/api/orders/${first}`, await as(SUPER));
    await h.call('DELETE', `/api/orders/${first}`, await as(SUPER));
    await h.call('DELETE', `/api/orders/${draft.body.id}`, await as(USER1));
    const end = await kpi();
    expect(end).toMatchObject({ yearOrdersCount: start.yearOrdersCount + 1, yearBottlesCount: start.yearBottlesCount });
    expect(stock).toBeTruthy();
    // the month's chart adds up to the year's figures
    const months = (await dashboard(ADMIN1)).months as { orders: number; bottles: number }[];
    expect(months).toHaveLength(12);
    expect(months.reduce((n, m) => n + m.orders, 0)).toBe(end.yearOrdersCount);
    expect(months.reduce((n, m) => n + m.bottles, 0)).toBe(end.yearBottlesCount);
  });
});

describe('Figures: receptions of the year and stock', () => {
  it('count a reception once sent, not as a draft, and take it back when deleted', async () => {
    // Prepare
    const start = await kpi();
    const body = {
      segment: 'B2B',
      warehouseId: at.warehouseId,
      reference: unique('R'),
      expectedAt: day(3),
      supplierId: supplier,
      statusCode: '000',
      stocks: [{ productId: at.productId, quality: 'STD', batch: unique('B'), expected: 12 }],
    };
    // Act
    const draft = await h.call('POST', '/api/receptions', { ...(await as(USER1)), body });
    const afterDraft = await kpi();
    await h.call('PUT', `/api/receptions/${draft.body.id}`, {
      ...(await as(USER1)),
      body: { ...body, statusCode: '001' },
    });
    const afterSend = await kpi();
    await h.call('PUT', `/api/receptions/${draft.body.id}`, { ...(await as(SUPER)), body: { statusCode: '200' } });
    await h.call('PUT', `/api/receptions/${draft.body.id}`, { ...(await as(SUPER)), body: { statusCode: '200' } });
    const afterClose = await kpi();
    await h.call('DELETE', `/api/receptions/${draft.body.id}`, await as(SUPER));
    const afterDelete = await kpi();
    // Assess
    expect(draft.status, draft.text).toBe(201);
    expect(afterDraft.yearReceptionsCount).toBe(start.yearReceptionsCount);
    expect(afterSend.yearReceptionsCount).toBe(start.yearReceptionsCount + 1);
    expect(afterClose.yearReceptionsCount).toBe(start.yearReceptionsCount + 1);
    expect(afterClose.bottlesCount).toBe(start.bottlesCount + 12);
    expect(afterDelete.yearReceptionsCount).toBe(start.yearReceptionsCount);
  });

  it('count a product in stock once however many sellable lines it has, and every line’s bottles', async () => {
    // Prepare: the product is in stock
    await freshStock(30, at);
    const start = await kpi();
    const all = await kpi(SUPER);
    // Act
    await freshStock(20, at);
    await freshStock(10, at, { segment: 'B2C' });
    await freshStock(5, at, { quality: 'NCO' });
    // Assess
    expect(await kpi()).toMatchObject({
      referencesCount: start.referencesCount,
      bottlesCount: start.bottlesCount + 35,
    });
    expect((await kpi(SUPER)).referencesCount).toBe(all.referencesCount);
  });
});

describe('Scopes and owners', () => {
  it('gives a user holding only the order scope the order parts alone', async () => {
    // Act
    const d = await dashboard(ORDERS_ONLY);
    // Assess
    expect(Object.keys(d.kpi).sort()).toEqual(['yearBottlesCount', 'yearOrdersCount']);
    expect(d.orders.length).toBeGreaterThan(0);
    expect(d.expeditions).toBeDefined();
    expect(d.months).toHaveLength(12);
    for (const part of ['receptions', 'stocks', 'stockMovements', 'shippingOrders']) expect(d).not.toHaveProperty(part);
  });

  it('shows the shipping orders and those still to deliver from today, soonest first, with the transportation scope', async () => {
    // Act
    const d = await dashboard(ADMIN1);
    // Assess: the demo's shipping orders of CLI001, newest first, and its next deliveries in date order
    expect(d.shippingOrders.length).toBeGreaterThan(0);
    const created = d.shippingOrders.map((s: { createdAt: string }) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const next = d.shippingExpeditions as { deliveryDate: string; statusCode: string }[];
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((s) => s.deliveryDate >= d.today && ['001', '100'].includes(s.statusCode))).toBe(true);
    expect(next.map((s) => s.deliveryDate)).toEqual(next.map((s) => s.deliveryDate).sort());
    // Without the scope, neither part.
    const ordersOnly = await dashboard(ORDERS_ONLY);
    expect(ordersOnly).not.toHaveProperty('shippingExpeditions');
  });

  it('gives a user holding no module an empty dashboard', async () => {
    // Act
    const d = await dashboard(NO_MODULE);
    // Assess
    expect(d.kpi).toEqual({});
    expect(Object.keys(d).sort()).toEqual(['kpi', 'today', 'year']);
  });

  it('reads the owner from the token: another company naming CLI001 gets its own figures', async () => {
    // Act
    const own = await kpi(ADMIN2);
    const asking = await kpi(ADMIN2, `?ownerId=${cli1}`);
    // Assess
    expect(asking).toEqual(own);
    expect(own).not.toEqual(await kpi(ADMIN1));
    const rows = (await dashboard(ADMIN2, `?ownerId=${cli1}`)).orders as { ownerId: string }[];
    expect(rows.every((o) => o.ownerId === cli2)).toBe(true);
  });

  it('gives the superadmin every owner, or the one it names', async () => {
    // Act
    const every = await dashboard(SUPER);
    const one = await kpi(SUPER, `?ownerId=${cli1}`);
    // Assess
    expect(one).toEqual(await kpi(ADMIN1));
    const a = await kpi(ADMIN1);
    const b = await kpi(ADMIN2);
    for (const k of Object.keys(a) as DashboardCard[]) expect(every.kpi[k]).toBeGreaterThanOrEqual(a[k] + b[k]);
    const owners = new Set((every.orders as { ownerId: string }[]).map((o) => o.ownerId));
    expect(owners.size).toBeGreaterThan(0);
  });
});

describe('Panels', () => {
  it('show the first rows of the lists: newest orders, next shipments soonest first, today\u2019s stock', async () => {
    // Prepare
    await sentOrder(1);
    // Act
    const d = await dashboard(ADMIN1);
    const list = (await h.call('GET', '/api/orders?paginate=5', await as(ADMIN1))).body.data;
    // Assess
    expect(d.orders.map((o: { id: string }) => o.id)).toEqual(list.map((o: { id: string }) => o.id));
    const dates = d.expeditions.map((o: { deliveryDate: string }) => o.deliveryDate);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((x: string) => x >= d.today)).toBe(true);
    expect(d.expeditions.every((o: { statusCode: string }) => !['000', '050', '070'].includes(o.statusCode))).toBe(
      true,
    );
    expect(d.stocks.length).toBeGreaterThan(0);
    expect(d.stocks.every((s: { storedAt: string | null }) => s.storedAt === null || s.storedAt >= d.today)).toBe(true);
    expect(d.stockMovements.length).toBeGreaterThan(0);
    expect(d.receptions.length).toBeGreaterThan(0);
    for (const panel of ['orders', 'receptions', 'stockMovements', 'expeditions', 'stocks'])
      expect(d[panel].length).toBeLessThanOrEqual(5);
  });
});

describe('The recount', () => {
  it('repairs a drifted dashboard counter and zeroes a month no record adds to', async () => {
    // Prepare
    const figures = await kpi();
    const month = monthOf(new Date().toISOString());
    await addToCounter(keys.counter(keys.tenant(cli1), `DASH#ORDER#${month}#bottles`), 40);
    await addToCounter(keys.counter('ALL', `DASH#RECEPTION#${month}`), -2);
    await addToCounter(keys.counter(keys.tenant(cli1), 'DASH#STOCK#references'), 7);
    const empty = keys.counter(keys.tenant(cli1), `DASH#ORDER#${year()}-00#orders`);
    await addToCounter(empty, 3);
    expect((await kpi()).yearBottlesCount).toBe(figures.yearBottlesCount + 40);
    // Act
    const res = await h.call('POST', '/_ops/recount', { token: await h.login(SUPER) });
    // Assess
    expect(res.status).toBe(200);
    expect(await kpi()).toEqual(figures);
    expect((await getItem<{ n: number }>(empty))?.n).toBe(0);
    const everyone = await kpi(SUPER);
    const again = await h.call('POST', '/_ops/recount', { token: await h.login(SUPER) });
    expect(again.body.every((r: { repaired: unknown[] }) => r.repaired.length === 0)).toBe(true);
    expect(await kpi(SUPER)).toEqual(everyone);
  });
});
