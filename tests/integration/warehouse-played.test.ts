/**
 * The simulated warehouse plays by itself what it is told: a sent order to shipped, an announced reception to
 * received. In a file of its own, its runtime the process's only one: two runtimes in one process share the
 * mailbox, which the first one's stop closes. Reports overtaken under load are in the timeline all the same, late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStock } from '../../functions/src/stocks/repository';
import { type Harness, startHarness, USER1 } from './harness';
import { day, freshStock, orderBody, unique, warehouseFixtures } from './order-fixtures';

let loop: Harness;
let fx: Awaited<ReturnType<typeof warehouseFixtures>>;

beforeAll(async () => {
  // A warehouse that plays every step, quickly, without discrepancies.
  loop = await startHarness({ warehouse: { stepMs: 250, plays: 'all', discrepancies: 0 } });
  fx = await warehouseFixtures(loop);
});
afterAll(() => loop?.stop());

describe('the simulated warehouse', () => {
  it('plays a sent order to shipped and an announced reception to received, by itself', async () => {
    // Prepare
    const token = await loop.login(USER1);
    const stockId = await freshStock(20, fx.at);
    // Act
    const order = await loop.call('POST', '/api/orders', {
      token,
      body: orderBody(stockId, fx.recipient, { stocks: [{ stockId, ordered: 4 }] }),
    });
    const reception = await loop.call('POST', '/api/receptions', {
      token,
      body: {
        segment: 'B2B',
        warehouseId: fx.at.warehouseId,
        reference: unique('R'),
        expectedAt: day(2),
        supplierId: fx.supplier,
        statusCode: '001',
        stocks: [{ productId: fx.at.productId, quality: 'STD', batch: unique('B'), expected: 12 }],
      },
    });
    let o: { statusCode: string; fulfilment: { trackingNumbers: unknown[] }; packings: unknown[] } | undefined;
    let r: { statusCode: string; receivedQuantity: number } | undefined;
    // Waited for by a deadline, not a count of polls: under load each poll and each warehouse step is slower.
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && (o?.statusCode !== '070' || r?.statusCode !== '200')) {
      await new Promise((done) => setTimeout(done, 100));
      o = (await loop.call('GET', `/api/orders/${order.body.id}`, { token })).body;
      r = (await loop.call('GET', `/api/receptions/${reception.body.id}`, { token })).body;
    }
    const events = (await loop.call('GET', `/api/orders/${order.body.id}/timeline`, { token })).body;
    // Assess
    expect(o?.statusCode).toBe('070');
    expect(o?.fulfilment.trackingNumbers).toHaveLength(1);
    expect(o?.packings.length).toBeGreaterThan(0);
    expect(r).toMatchObject({ statusCode: '200', receivedQuantity: 12 });
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'sent',
      'order.acknowledged',
      'order.preparing',
      'order.prepared',
      'order.shipped',
    ]);
    expect((await findStock(stockId))?.quantity).toBe(16);
  }, 150_000);
});
