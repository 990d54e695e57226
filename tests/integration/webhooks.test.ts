/**
 * Webhooks end to end: a client's admin registers an endpoint (the local runtime's own receiver), the warehouse
 * reports on an order, and the receiver gets each event signed, once, in its document's order, through failures,
 * crashes, a rotated secret and a replay.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_PAYLOADS } from '@cellar/shared/webhooks/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putItem } from '../../functions/src/data/table';
import { transactWrite } from '../../functions/src/data/transact';
import { sweep } from '../../functions/src/sweep/handler';
import { clientEventPut } from '../../functions/src/webhooks/events';
import { deliveryItem, newDelivery } from '../../functions/src/webhooks/repository';
import { applyReport } from '../../functions/src/wms/worker';
import { ADMIN1, ADMIN2, eventually, type Harness, SUPER, startHarness, USER1 } from './harness';
import { freshStock, orderBody, warehouseFixtures } from './order-fixtures';
import { wmsReportOf } from './wms';

let h: Harness;
let admin: string;
let fixtures: Awaited<ReturnType<typeof warehouseFixtures>>;

interface Received {
  name: string;
  answered: number;
  headers: Record<string, string>;
  body: string;
}

beforeAll(async () => {
  // Retries a fifth of a second apart, doubling, instead of 30 s: the test sees a day's schedule in seconds.
  process.env.WEBHOOK_RETRY_BASE_MS = '200';
  // The warehouse takes what it is told and reports nothing: the tests report for it.
  h = await startHarness({ warehouse: { stepMs: 60_000, plays: 'none' } });
  admin = await h.login(ADMIN1);
  fixtures = await warehouseFixtures(h);
});
afterAll(async () => {
  delete process.env.WEBHOOK_RETRY_BASE_MS;
  await h?.stop();
});

const register = async (name: string, events = ['order.acknowledged', 'order.prepared', 'order.shipped']) => {
  const res = await h.call('POST', '/api/webhooks', {
    token: admin,
    body: { url: `${h.url}/_webhooks/${name}`, events },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string };
};

const received = async (name: string): Promise<Received[]> =>
  (
    (await (
      await fetch(`${h.url}/_webhooks?format=json&name=${encodeURIComponent(name.split('?')[0] as string)}`)
    ).json()) as Received[]
  ).reverse();

/** Waits until the receiver has answered 200 to `count` deliveries; all it was sent, oldest first. */
const whenDelivered = (name: string, count: number) =>
  eventually(async () => {
    const all = await received(name);
    return all.filter((r) => r.answered === 200).length >= count ? all : undefined;
  }, 60_000);

/** A sent order of one line. */
async function sentOrder() {
  const stockId = await freshStock(10, fixtures.at);
  const res = await h.call('POST', '/api/orders', {
    token: await h.login(USER1),
    body: orderBody(stockId, fixtures.recipient, { stocks: [{ stockId, ordered: 2 }] }),
  });
  expect(res.status, res.text).toBe(201);
  const order = (await h.call('GET', `/api/orders/${res.body.id}?include=stocks`, { token: admin })).body;
  return { id: order.id as string, lineId: order.stocks[0].id as string };
}

const shippedReport = (id: string, lineId: string, seq: number) =>
  wmsReportOf('order.shipped', id, {
    seq,
    shippedAt: new Date().toISOString(),
    carrierCode: 'GEODIS',
    trackingNumbers: [{ number: 'GE42', url: 'https://geodis.com/fr/suivi?ref=GE42' }],
    exitPoint: 'Quai 3',
    supportType: 'CARTON',
    packings: [],
    lines: [{ lineId, quantity: 2 }],
    exciseDocument: null,
  });

/** A receiver's check, written from the schema's documentation alone (shared/src/webhooks/schemas.ts). */
function verifies(header: string, body: string, secret: string, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

describe('A client’s webhook endpoint', () => {
  it('receives each event signed, its signature verifiable from the documentation alone', async () => {
    // Prepare
    const hook = await register('plain');
    const o = await sentOrder();
    // Act
    await applyReport(wmsReportOf('order.acknowledged', o.id, { seq: 10 }));
    // Assess
    const [first] = await whenDelivered('plain', 1);
    const body = JSON.parse(first?.body ?? '{}');
    expect(body).toMatchObject({ type: 'order.acknowledged', data: { order: { id: o.id, statusCode: '010' } } });
    expect(WEBHOOK_PAYLOADS['order.acknowledged'].safeParse(body).success).toBe(true);
    expect(first?.headers['cellar-event-id']).toBe(body.id);
    expect(first?.headers['cellar-event-type']).toBe('order.acknowledged');
    expect(verifies(first?.headers['cellar-signature'] ?? '', first?.body ?? '', hook.secret)).toBe(true);
    // A tampered body, another secret or a stale time do not verify.
    expect(verifies(first?.headers['cellar-signature'] ?? '', `${first?.body} `, hook.secret)).toBe(false);
    expect(verifies(first?.headers['cellar-signature'] ?? '', first?.body ?? '', 'whsec_other')).toBe(false);
    expect(
      verifies(first?.headers['cellar-signature'] ?? '', first?.body ?? '', hook.secret, Date.now() + 600_000),
    ).toBe(false);
  });

  it('gets every event once and in its order, from a receiver failing five times then answering', async () => {
    // Prepare
    const hook = await register('flaky?fail=5');
    const o = await sentOrder();
    // Act: three reports of one order, in a row
    await applyReport(wmsReportOf('order.acknowledged', o.id, { seq: 10 }));
    await applyReport(wmsReportOf('order.prepared', o.id, { seq: 30, lines: [{ lineId: o.lineId, quantity: 2 }] }));
    await applyReport(shippedReport(o.id, o.lineId, 40));
    // Assess
    const all = await whenDelivered('flaky', 3);
    const answeredTypes = all.filter((r) => r.answered === 200).map((r) => JSON.parse(r.body).type);
    expect(answeredTypes).toEqual(['order.acknowledged', 'order.prepared', 'order.shipped']);
    expect(all.filter((r) => r.answered === 503)).toHaveLength(5);
    // The first event was tried until it got through, and nothing after it went first.
    expect(all.slice(0, 6).map((r) => JSON.parse(r.body).type)).toEqual(Array(6).fill('order.acknowledged'));
    const shipped = JSON.parse(all.at(-1)?.body ?? '{}');
    expect(WEBHOOK_PAYLOADS['order.shipped'].safeParse(shipped).success).toBe(true);
    expect(shipped.data.trackingNumbers).toEqual([{ number: 'GE42', url: 'https://geodis.com/fr/suivi?ref=GE42' }]);
    const log = await h.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: admin });
    expect(log.body.data.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(log.body.data.find((d: { type: string }) => d.type === 'order.acknowledged').attemptCount).toBe(6);
    // Nothing more comes.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await received('flaky')).toHaveLength(8);
  });

  it('loses nothing when the process dies after the change, or mid-delivery: the sweep hands it out', async () => {
    // Prepare: an event written with its change, its hand-out never done (the process died)
    const hook = await register('crash', ['order.cancelled']);
    const o = await sentOrder();
    const me = (await h.call('GET', '/api/auth/user', { token: admin })).body;
    const event = {
      type: 'order.cancelled' as const,
      ownerId: me.companyId as string,
      kind: 'order' as const,
      documentId: o.id,
      seq: 77,
      at: new Date().toISOString(),
      data: { order: { id: o.id, reference: null, statusCode: '050' }, reason: 'test' },
    };
    await transactWrite([clientEventPut(event)]);
    // …and a delivery a worker claimed and never finished (its lease ran out, no message brings it back).
    const died = newDelivery(
      hook.id,
      { id: `order.${o.id}.78`, type: 'order.cancelled', documentKey: `order#${o.id}`, seq: 78, payload: { id: 'x' } },
      new Date(Date.now() - 120_000).toISOString(),
    );
    await putItem(deliveryItem({ ...died, leaseUntil: new Date(Date.now() - 60_000).toISOString() }));
    // Act
    await sweep(0);
    // Assess: both, once each, in the document's order
    const all = await whenDelivered('crash', 2);
    expect(all.map((r) => r.headers['cellar-event-id'])).toEqual([`order.${o.id}.77`, `order.${o.id}.78`]);
    await sweep(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await received('crash')).toHaveLength(2);
  });

  it('parks a delivery still failing after 24 hours, and replays it on demand with the same event id', async () => {
    // Prepare: a receiver that never answers well, a delivery first tried a day ago
    const hook = await register('down?fail=1000', ['order.cancelled']);
    const o = await sentOrder();
    const old = newDelivery(
      hook.id,
      { id: `order.${o.id}.5`, type: 'order.cancelled', documentKey: `order#${o.id}`, seq: 5, payload: { id: 'old' } },
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
    );
    await putItem(deliveryItem(old));
    // Act
    await sweep(0);
    // Assess
    const parked = await eventually(async () => {
      const log = await h.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: admin });
      const d = log.body.data[0];
      return d?.status === 'parked' ? d : undefined;
    });
    expect(parked.attemptCount).toBe(1);
    // Act: the admin replays it
    const replayed = await h.call('POST', `/api/webhooks/${hook.id}/deliveries/${old.id}/replay`, { token: admin });
    // Assess: tried again, with the same id
    expect(replayed.body.status).toBe('pending');
    await eventually(async () => ((await received('down')).length >= 2 ? true : undefined));
    expect((await received('down')).slice(0, 2).map((r) => r.headers['cellar-event-id'])).toEqual([old.id, old.id]);
  });

  it('tells of a stock adjustment, once for a report delivered twice, in the published shape', async () => {
    // Prepare
    await register('stock', ['stock.adjusted']);
    const stockId = await freshStock(10, fixtures.at);
    const { findStock } = await import('../../functions/src/stocks/repository');
    const s = await findStock(stockId);
    const superadmin = await h.login(SUPER);
    const me = (await h.call('GET', '/api/auth/user', { token: admin, lang: 'en' })).body;
    const company = (await h.call('GET', `/api/companies/${me.companyId}`, { token: superadmin })).body;
    const warehouse = (await h.call('GET', '/api/warehouses', { token: superadmin })).body.find(
      (w: { id: string }) => w.id === s?.warehouseId,
    );
    const report = wmsReportOf('stock.adjusted', `INV-${Date.now()}`, {
      seq: 1,
      ownerCode: company.code,
      warehouseCode: warehouse.code,
      productCode: s?.productCode as string,
      segment: 'B2B',
      quality: 'STD',
      batch: s?.batch ?? null,
      ubd: null,
      bbd: null,
      quantity: -2,
      reasonCode: 'CASSE',
      reason: 'Casse en stock',
      note: null,
    });
    // Act
    await Promise.all([applyReport(report), applyReport(report)]);
    // Assess
    const [delivery] = await whenDelivered('stock', 1);
    const body = JSON.parse(delivery?.body ?? '{}');
    expect(WEBHOOK_PAYLOADS['stock.adjusted'].safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject({ productCode: s?.productCode, quantity: -2, reasonCode: 'CASSE' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await received('stock')).toHaveLength(1);
  });

  it('tells of a reception counted, with its differences from the notice', async () => {
    // Prepare
    await register('reception', ['reception.received']);
    const me = (await h.call('GET', '/api/auth/user', { token: admin })).body;
    const created = await h.call('POST', '/api/receptions', {
      token: admin,
      body: {
        segment: 'B2B',
        warehouseId: fixtures.at.warehouseId,
        reference: `R-${Date.now()}`,
        expectedAt: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        supplierId: fixtures.supplier,
        statusCode: '001',
        stocks: [{ productId: fixtures.at.productId, quality: 'STD', batch: 'WH1', expected: 12 }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const line = created.body.stocks[0];
    // Act: counted one short
    await applyReport(
      wmsReportOf('reception.received', created.body.id, {
        receivedAt: new Date().toISOString(),
        lots: [{ lineId: line.id, quantity: 11, quality: 'STD', batch: 'WH1', ubd: null, bbd: null, note: null }],
      }),
    );
    // Assess
    const [delivery] = await whenDelivered('reception', 1);
    const body = JSON.parse(delivery?.body ?? '{}');
    expect(WEBHOOK_PAYLOADS['reception.received'].safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      companyId: me.companyId,
      data: {
        reception: { id: created.body.id, statusCode: '200' },
        differences: [{ productCode: expect.any(String), batch: 'WH1', expected: 12, received: 11 }],
      },
    });
  });

  it('signs with both secrets for a day after a rotation', async () => {
    // Prepare
    const hook = await register('rotated');
    const rotated = await h.call('POST', `/api/webhooks/${hook.id}/rotate`, { token: admin });
    expect(rotated.body.secret).not.toBe(hook.secret);
    const o = await sentOrder();
    // Act
    await applyReport(wmsReportOf('order.acknowledged', o.id, { seq: 10 }));
    // Assess: a receiver that knows either secret verifies it
    const [delivery] = await whenDelivered('rotated', 1);
    const header = delivery?.headers['cellar-signature'] ?? '';
    expect(header.split(',').filter((p) => p.startsWith('v1='))).toHaveLength(2);
    expect(verifies(header, delivery?.body ?? '', hook.secret)).toBe(true);
    expect(verifies(header, delivery?.body ?? '', rotated.body.secret)).toBe(true);
  });

  it('hears only the events it chose, and keeps its company’s endpoints and logs to its company', async () => {
    const hook = await register('chosen', ['order.shipped']);
    const o = await sentOrder();
    await applyReport(wmsReportOf('order.acknowledged', o.id, { seq: 10 }));
    await applyReport(shippedReport(o.id, o.lineId, 40));
    const all = await whenDelivered('chosen', 1);
    expect(all.map((r) => r.headers['cellar-event-type'])).toEqual(['order.shipped']);
    const admin2 = await h.login(ADMIN2);
    expect((await h.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: admin2 })).status).toBe(404);
    expect(
      (await h.call('GET', '/api/webhooks', { token: admin2 })).body.map((w: { id: string }) => w.id),
    ).not.toContain(hook.id);
    // The superadmin naming no company reads every company's endpoints
    const other = await h.call('POST', '/api/webhooks', {
      token: admin2,
      body: { url: `${h.url}/_webhooks/other`, events: ['order.shipped'] },
    });
    expect(other.status, other.text).toBe(201);
    const everyone = (await h.call('GET', '/api/webhooks', { token: await h.login(SUPER) })).body as {
      id: string;
      company: { code: string };
    }[];
    expect(everyone.filter((w) => [hook.id, other.body.id].includes(w.id)).map((w) => w.company.code)).toEqual([
      'CLI001',
      'CLI002',
    ]);
    // The other company's endpoints back to what the next test counts on
    expect((await h.call('DELETE', `/api/webhooks/${other.body.id}`, { token: admin2 })).status).toBe(204);
  });

  it('refuses a plain-HTTP or private address on a stage, and more endpoints than a company may have', async () => {
    process.env.APP_ENV = 'production';
    try {
      const plain = await h.call('POST', '/api/webhooks', {
        token: admin,
        body: { url: 'http://example.com/hook', events: ['order.shipped'] },
      });
      expect(plain.status).toBe(422);
      expect(plain.body.errors.url).toBeDefined();
      for (const url of [
        'https://localhost/hook',
        'https://169.254.169.254/latest',
        'https://10.0.0.8/x',
        'https://[::1]/x',
      ]) {
        const inside = await h.call('POST', '/api/webhooks', {
          token: admin,
          body: { url, events: ['order.shipped'] },
        });
        expect(inside.status, url).toBe(422);
      }
    } finally {
      process.env.APP_ENV = 'local';
    }
    const admin2 = await h.login(ADMIN2);
    const asked = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.call('POST', '/api/webhooks', {
          token: admin2,
          body: { url: `${h.url}/_webhooks/many${i}`, events: ['order.shipped'] },
        }),
      ),
    );
    expect(asked.filter((r) => r.status === 201)).toHaveLength(10);
    expect(asked.filter((r) => r.status === 422)).toHaveLength(2);
  });
});
