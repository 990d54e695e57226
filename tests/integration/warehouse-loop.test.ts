/**
 * The warehouse loop (shared/wms/contract.ts) through the local runtime: the simulated warehouse plays an order
 * to shipped and a reception to received by itself (warehouse-played.test.ts); each report, delivered by the test as a warehouse would
 * (twice, late, out of order), in every status it can meet; what the worker leaves to its dead-letter queue; the
 * AsyncAPI document served beside the OpenAPI one.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { findOrder } from '../../functions/src/orders/repository';
import { movementRecords } from '../../functions/src/stockMovements/repository';
import { findStock } from '../../functions/src/stocks/repository';
import { applyReport, handler as reportWorker } from '../../functions/src/wms/worker';
import { CREDENTIALS, REGION } from '../../infra/local/emulators';
import { mailsTo } from '../fixtures/mailbox';
import { ADMIN1, ADMIN2, type Harness, SUPER, startHarness, USER1 } from './harness';
import { day, freshStock, orderBody, unique, warehouseFixtures } from './order-fixtures';
import { wmsReportOf } from './wms';

type Order = {
  id: string;
  statusCode: string;
  reference: string;
  stocks: { id: string; stockId: string; ordered: number; prepared: number | null }[];
  fulfilment: {
    cancellation: string | null;
    reason: string | null;
    trackingNumbers: { number: string; url: string | null }[];
  };
  packings: unknown[];
};

let h: Harness;
let at: { productId: string; warehouseId: string };
let recipient: string;
let supplier: string;

beforeAll(async () => {
  // The warehouse takes what it is told and reports nothing: the tests report for it.
  h = await startHarness({ warehouse: { stepMs: 60_000, plays: 'none' } });
  ({ at, recipient, supplier } = await warehouseFixtures(h));
});
afterAll(() => h?.stop());

const read = async (id: string): Promise<Order> =>
  (await h.call('GET', `/api/orders/${id}?include=stocks`, { token: await h.login(USER1) })).body;
const timeline = async (kind: 'orders' | 'receptions', id: string) =>
  (await h.call('GET', `/api/${kind}/${id}/timeline`, { token: await h.login(USER1) })).body as {
    type: string;
    to: string | null;
    actor: { type: string };
    details: Record<string, unknown>;
  }[];
const ownerOf = async (stockId: string) => (await findStock(stockId))?.ownerId as string;
const figures = async (stockId: string) => {
  const s = await findStock(stockId);
  return { quantity: s?.quantity, allocated: s?.quantity_allocated };
};

/** An order of `ordered` bottles of a fresh lot of 20, sent; its line. */
async function sent(ordered = 5) {
  const stockId = await freshStock(20, at);
  const res = await h.call('POST', '/api/orders', {
    token: await h.login(USER1),
    body: orderBody(stockId, recipient, { stocks: [{ stockId, ordered }] }),
  });
  expect(res.status, res.text).toBe(201);
  const o = await read(res.body.id);
  return { id: o.id, stockId, lineId: o.stocks[0]?.id as string };
}

const shipped = (id: string, lineId: string, quantity: number, seq?: number) =>
  wmsReportOf('order.shipped', id, {
    seq,
    shippedAt: new Date().toISOString(),
    carrierCode: 'GEODIS',
    trackingNumbers: [{ number: 'GE42', url: 'https://geodis.com/fr/suivi?ref=GE42' }],
    exitPoint: 'Quai 3',
    supportType: 'CARTON',
    packings: [],
    lines: [{ lineId, quantity }],
    exciseDocument: null,
  });

describe('an order’s reports', () => {
  it('ships what the warehouse shipped, once, whatever the order and the repeats of its reports', async () => {
    // Prepare
    const o = await sent(5);
    // The warehouse's steps just after the send, in their order; the shipment, made below, comes after them.
    const sentAt = Date.now();
    const sentPlus = (ms: number) => new Date(sentAt + ms).toISOString();
    const prepared = wmsReportOf('order.prepared', o.id, {
      seq: 30,
      at: sentPlus(2),
      lines: [{ lineId: o.lineId, quantity: 5 }],
    });
    const acknowledged = wmsReportOf('order.acknowledged', o.id, { seq: 10, at: sentPlus(1) });
    await new Promise((done) => setTimeout(done, 10));
    // Act: shipped arrives first; the earlier reports come late, each twice, and the shipment again
    const outcomes = [
      await applyReport(shipped(o.id, o.lineId, 4, 40)),
      await applyReport(prepared),
      await applyReport(acknowledged),
      await applyReport(shipped(o.id, o.lineId, 4, 40)),
      await applyReport(acknowledged),
      await applyReport(prepared),
    ];
    const after = await read(o.id);
    // Assess
    expect(outcomes).toEqual(['applied', 'stale', 'stale', 'stale', 'stale', 'stale']);
    expect(after.statusCode).toBe('070');
    expect(after.stocks[0]?.prepared).toBe(4);
    expect(after.fulfilment.trackingNumbers).toEqual([{ number: 'GE42', url: 'https://geodis.com/fr/suivi?ref=GE42' }]);
    expect(await figures(o.stockId)).toEqual({ quantity: 16, allocated: 0 });
    const events = await timeline('orders', o.id);
    // The late reports at their dates, once each, changing nothing; the shipment's the last word.
    expect(events.map((e) => [e.type, e.to, e.actor.type, e.details.late ?? false])).toEqual([
      ['sent', '005', 'user', false],
      ['order.acknowledged', null, 'warehouse', true],
      ['order.prepared', null, 'warehouse', true],
      ['order.shipped', '070', 'warehouse', false],
    ]);
    expect(events[3]?.details.short).toEqual([expect.objectContaining({ ordered: 5, prepared: 4 })]);
  });

  it('ships once: a later report on a shipped order, even numbered after it, changes neither its lines nor its stock', async () => {
    // Prepare: 5 of a lot of 20 shipped
    const o = await sent(5);
    expect(await applyReport(shipped(o.id, o.lineId, 5))).toBe('applied');
    // Act: the warehouse, told the order again (a resend), reports another shipment and a preparation, short
    const later = [
      await applyReport(shipped(o.id, o.lineId, 4)),
      await applyReport(wmsReportOf('order.prepared', o.id, { lines: [{ lineId: o.lineId, quantity: 3 }] })),
    ];
    // Assess: the goods left once; the stock line is still 20 less its one output movement
    expect(later).toEqual(['stale', 'stale']);
    const after = await read(o.id);
    expect(after.statusCode).toBe('070');
    expect(after.stocks[0]?.prepared).toBe(5);
    expect(await figures(o.stockId)).toEqual({ quantity: 15, allocated: 0 });
    const out: number[] = [];
    for await (const m of movementRecords.query({ pk: keys.movements(await ownerOf(o.stockId)) }))
      if (m.stock.id === o.stockId) out.push(m.direction === 'input' ? m.quantity : -m.quantity);
    expect(out).toEqual([-5]);
    // Both reports are in the timeline, as the warehouse's word, received late: they changed nothing
    expect((await timeline('orders', o.id)).map((e) => [e.type, e.to, e.details.late ?? false])).toEqual([
      ['sent', '005', false],
      ['order.shipped', '070', false],
      ['order.shipped', null, true],
      ['order.prepared', null, true],
    ]);
  });

  it('tells the company’s users who chose e-mail and that news, once, with a link to the order', async () => {
    // Prepare: the admin hears by e-mail of everything but shipments
    const o = await sent(5);
    const admin = await h.login(ADMIN1);
    const chose = await h.call('PUT', '/api/auth/user', {
      token: admin,
      body: { notificationChannels: ['mail'], notificationEvents: ['reception.received', 'order.preparing'] },
    });
    expect(chose.status, chose.text).toBe(200);
    expect(chose.body.data.notificationEvents).toEqual(['order.preparing', 'reception.received']);
    const sqs = new SQSClient({
      endpoint: h.runtime.env.AWS_ENDPOINT_URL_SQS,
      region: REGION,
      credentials: CREDENTIALS,
    });
    const report = shipped(o.id, o.lineId, 5);
    // The e-mails for an address that link to the order (the local mailbox, newest first).
    const links = async (email: string) =>
      (await mailsTo(h.url, email)).filter((a) => a.includes(`/order/detail/${o.id}"`));
    // Act: the report as the warehouse sends it, twice
    for (const _ of [1, 2]) {
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: h.runtime.env.WAREHOUSE_EVENTS_QUEUE_URL,
          MessageBody: JSON.stringify(report),
        }),
      );
    }
    for (let i = 0; i < 100 && (await read(o.id)).statusCode !== '070'; i++)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    // Assess
    expect(await links(USER1)).toHaveLength(1);
    expect(await links(ADMIN1)).toEqual([]);
    expect(await links(ADMIN2)).toEqual([]);
    await h.call('PUT', '/api/auth/user', { token: admin, body: { notificationEvents: ['order.shipped'] } });
  });

  it('releases what a short pick left, and moves through acknowledged, preparing and prepared', async () => {
    // Prepare
    const o = await sent(5);
    // Act
    await applyReport(wmsReportOf('order.acknowledged', o.id, {}));
    await applyReport(wmsReportOf('order.preparing', o.id, { preparationDate: day(0), appointmentDate: day(1) }));
    const preparing = await read(o.id);
    await applyReport(wmsReportOf('order.prepared', o.id, { lines: [{ lineId: o.lineId, quantity: 3 }] }));
    // Assess
    expect(preparing.statusCode).toBe('020');
    expect((await read(o.id)).statusCode).toBe('040');
    expect(await figures(o.stockId)).toEqual({ quantity: 20, allocated: 3 });
  });

  it('cancels an order the warehouse refuses, releasing its stock, with the reason kept', async () => {
    const o = await sent(5);
    await applyReport(wmsReportOf('order.refused', o.id, { reason: 'Adresse incomplète' }));
    const after = await read(o.id);
    expect(after.statusCode).toBe('050');
    expect(after.fulfilment.reason).toBe('Adresse incomplète');
    expect(await figures(o.stockId)).toEqual({ quantity: 20, allocated: 0 });
  });

  it('refuses a report that names a line the order does not have, or more than was ordered', async () => {
    const o = await sent(5);
    await expect(
      applyReport(wmsReportOf('order.prepared', o.id, { lines: [{ lineId: 'nope', quantity: 1 }] })),
    ).rejects.toThrow(/no line/);
    await expect(
      applyReport(wmsReportOf('order.prepared', o.id, { lines: [{ lineId: o.lineId, quantity: 6 }] })),
    ).rejects.toThrow(/ordered/);
    expect((await read(o.id)).statusCode).toBe('005');
  });
});

describe('a cancellation', () => {
  it('applies at once before preparation, and the warehouse is asked', async () => {
    // Prepare
    const o = await sent(5);
    await applyReport(wmsReportOf('order.acknowledged', o.id, {}));
    // Act
    const res = await h.call('POST', `/api/orders/${o.id}/cancellation`, { token: await h.login(USER1) });
    const again = await h.call('POST', `/api/orders/${o.id}/cancellation`, { token: await h.login(USER1) });
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body.statusCode).toBe('050');
    expect(again.body.statusCode).toBe('050');
    expect(await figures(o.stockId)).toEqual({ quantity: 20, allocated: 0 });
    expect((await timeline('orders', o.id)).map((e) => e.type)).toEqual(['sent', 'order.acknowledged', 'cancelled']);
  });

  it('is a request once preparing: confirmed, the order is cancelled; refused, it goes on with the reason', async () => {
    // Prepare
    const [a, b] = [await sent(5), await sent(5)];
    for (const o of [a, b]) {
      await applyReport(wmsReportOf('order.preparing', o.id, { preparationDate: day(0), appointmentDate: null }));
    }
    // Act
    const asked = await Promise.all(
      [a, b].map(async (o) => h.call('POST', `/api/orders/${o.id}/cancellation`, { token: await h.login(USER1) })),
    );
    await applyReport(wmsReportOf('order.cancellation_confirmed', a.id, {}));
    await applyReport(wmsReportOf('order.cancellation_refused', b.id, { reason: 'Déjà chargée' }));
    // Assess
    expect(asked.map((r) => [r.body.statusCode, r.body.fulfilment.cancellation])).toEqual([
      ['020', 'requested'],
      ['020', 'requested'],
    ]);
    expect((await read(a.id)).statusCode).toBe('050');
    expect(await figures(a.stockId)).toEqual({ quantity: 20, allocated: 0 });
    expect(await read(b.id)).toMatchObject({
      statusCode: '020',
      fulfilment: { cancellation: 'refused', reason: 'Déjà chargée' },
    });
    expect(await figures(b.stockId)).toEqual({ quantity: 20, allocated: 5 });
  });

  it('comes back to where the warehouse stood when it refuses one Cellar applied at once', async () => {
    const o = await sent(5);
    await h.call('POST', `/api/orders/${o.id}/cancellation`, { token: await h.login(USER1) });
    await applyReport(wmsReportOf('order.preparing', o.id, { preparationDate: day(0), appointmentDate: null }));
    await applyReport(wmsReportOf('order.cancellation_refused', o.id, { reason: 'Préparation commencée' }));
    expect((await read(o.id)).statusCode).toBe('020');
    expect(await figures(o.stockId)).toEqual({ quantity: 20, allocated: 5 });
  });

  it('is not offered once shipped, and a client may not set a status the warehouse owns', async () => {
    const o = await sent(5);
    await applyReport(shipped(o.id, o.lineId, 5));
    const cancel = await h.call('POST', `/api/orders/${o.id}/cancellation`, { token: await h.login(USER1) });
    const back = await h.call('PUT', `/api/orders/${o.id}`, {
      token: await h.login(ADMIN1),
      body: { statusCode: '010' },
    });
    expect(cancel.status).toBe(422);
    expect(back.status).toBe(403);
  });
});

describe('a reception’s reports', () => {
  it('keeps what was counted: a broken bottle apart, a lot under another batch, the differences shown', async () => {
    // Prepare
    const batch = unique('B');
    const created = await h.call('POST', '/api/receptions', {
      token: await h.login(USER1),
      body: {
        segment: 'B2B',
        warehouseId: at.warehouseId,
        reference: unique('R'),
        expectedAt: day(2),
        supplierId: supplier,
        statusCode: '001',
        stocks: [
          { productId: at.productId, quality: 'STD', batch, expected: 12 },
          { productId: at.productId, quality: 'STD', batch: `${batch}X`, expected: 6 },
        ],
      },
    });
    const [first, second] = created.body.stocks;
    const lot = (lineId: string, quantity: number, patch: Record<string, unknown> = {}) => ({
      lineId,
      quantity,
      quality: 'STD',
      batch: lineId === first.id ? batch : `${batch}X`,
      ubd: null,
      bbd: null,
      note: null,
      ...patch,
    });
    // Act
    await applyReport(wmsReportOf('reception.arrived', created.body.id, { arrivedAt: new Date().toISOString() }));
    const arrived = (await h.call('GET', `/api/receptions/${created.body.id}`, { token: await h.login(USER1) })).body;
    const received = wmsReportOf('reception.received', created.body.id, {
      receivedAt: new Date().toISOString(),
      lots: [
        lot(first.id, 11),
        lot(first.id, 1, { quality: 'BLO', note: 'Bouteille cassée' }),
        lot(second.id, 6, { batch: `${batch}Y`, note: 'Autre lot' }),
      ],
    });
    const outcomes = [await applyReport(received), await applyReport(received)];
    const after = (await h.call('GET', `/api/receptions/${created.body.id}`, { token: await h.login(USER1) })).body;
    // Assess
    expect(arrived.statusCode).toBe('100');
    expect(outcomes).toEqual(['applied', 'stale']);
    expect(after.statusCode).toBe('200');
    expect(
      after.stocks.map((l: { quality: string; batch: string; expected: number; received: number }) => [
        l.quality,
        l.batch,
        l.expected,
        l.received,
      ]),
    ).toEqual([
      ['STD', batch, 12, 11],
      ['STD', `${batch}X`, 6, 0],
      ['BLO', batch, 0, 1],
      ['STD', `${batch}Y`, 0, 6],
    ]);
    expect(after.receivedQuantity).toBe(18);
    expect(await figures(first.stockId)).toEqual({ quantity: 11, allocated: 0 });
    const events = await timeline('receptions', created.body.id);
    expect(events.map((e) => [e.type, e.to])).toEqual([
      ['sent', '001'],
      ['reception.arrived', '100'],
      ['reception.received', '200'],
    ]);
    expect(events[2]?.details.differences).toHaveLength(4);
  });
});

describe('a stock adjustment', () => {
  it('writes one movement, once, even delivered twice', async () => {
    // Prepare
    const stockId = await freshStock(20, at);
    const s = await findStock(stockId);
    const me = (await h.call('GET', '/api/auth/user', { token: await h.login(ADMIN1) })).body;
    const company = (await h.call('GET', `/api/companies/${me.companyId}`, { token: await h.login(SUPER) })).body;
    const warehouse = (await h.call('GET', '/api/warehouses', { token: await h.login(SUPER) })).body.find(
      (w: { id: string }) => w.id === s?.warehouseId,
    );
    const report = wmsReportOf('stock.adjusted', unique('INV'), {
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
      note: 'Palette renversée',
    });
    // Act
    const outcomes = await Promise.all([applyReport(report), applyReport(report)]);
    const moves = await h.call('GET', `/api/stock-movements?filter[stock.batch]=${s?.batch}`, {
      token: await h.login(USER1),
    });
    // Assess
    expect(outcomes.sort()).toEqual(['applied', 'stale']);
    expect(await figures(stockId)).toEqual({ quantity: 18, allocated: 0 });
    expect(
      moves.body.data.map((m: { quantity: number; direction: string; reasonCode: string }) => [
        m.quantity,
        m.direction,
        m.reasonCode,
      ]),
    ).toEqual([[2, 'output', 'CASSE']]);
  });
});

describe('the reports worker', () => {
  it('leaves to its queue, and so to the dead-letter queue, what it cannot read or apply, and takes the rest', async () => {
    // Prepare
    const o = await sent(5);
    const record = (messageId: string, body: string) => ({ messageId, body, attributes: {}, messageAttributes: {} });
    const event = {
      Records: [
        record('not-json', '{'),
        record('outside', JSON.stringify({ type: 'order.teleported', documentId: o.id })),
        record('unknown', JSON.stringify(wmsReportOf('order.acknowledged', '01UNKNOWNORDER', {}))),
        record('good', JSON.stringify(wmsReportOf('order.acknowledged', o.id, {}))),
      ],
    } as unknown as SQSEvent;
    // Act
    const answer = await reportWorker(event, { getRemainingTimeInMillis: () => 30_000 } as Context);
    // Assess
    expect(answer?.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['not-json', 'outside', 'unknown']);
    expect((await findOrder(o.id))?.statusCode).toBe('010');
  });
});

describe('GET /api/asyncapi.json', () => {
  it('serves the warehouse contract to anyone, beside the OpenAPI document', async () => {
    const res = await h.call('GET', '/api/asyncapi.json');
    expect(res.status).toBe(200);
    expect(res.body.asyncapi).toBe('3.0.0');
    expect(Object.keys(res.body.channels)).toEqual(['cellarToWarehouse', 'warehouseToCellar', 'clientWebhooks']);
  });
});
