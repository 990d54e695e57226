/**
 * The demo holds a year of use (issue 28): the seed writes the eleven months before this one through the product's
 * own services at the instants they belong to (infra/local/seed/history.ts), so the dashboard's monthly figures, the
 * statistics, the stock movements and the timelines read as a year, every stock line is still the sum of its
 * movements, and the recount finds nothing to repair. Its past is not news: the warehouse is told none of it, however
 * long the seed takes (the runtime's timed sweeps start after it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { readCounter } from '../../functions/src/data/table';
import { movementRecords } from '../../functions/src/stockMovements/repository';
import { stockRecords } from '../../functions/src/stocks/repository';
import { monthBefore } from '../../infra/local/seed/history';
import { ADMIN1, ADMIN2, type Harness, SUPER, startHarness } from './harness';

let h: Harness;
const owners: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  for (const email of [ADMIN1, ADMIN2]) {
    const me = (await h.call('GET', '/api/auth/user', { token: await h.login(email) })).body;
    owners[email] = me.companyId;
  }
}, 120_000);
afterAll(() => h?.stop());

const months = Array.from({ length: 11 }, (_, i) => monthBefore(11 - i).slice(0, 7));

describe('A year of the demo', () => {
  it('has orders and receptions in each of the eleven months before this one, in the dashboard’s counters', async () => {
    for (const month of months) {
      const cli001 = keys.tenant(owners[ADMIN1] as string);
      expect(
        await readCounter(keys.counter(cli001, `DASH#ORDER#${month}#orders`)),
        `orders of ${month}`,
      ).toBeGreaterThan(0);
      expect(
        await readCounter(keys.counter(cli001, `DASH#ORDER#${month}#bottles`)),
        `bottles of ${month}`,
      ).toBeGreaterThan(0);
      expect(
        await readCounter(keys.counter('ALL', `DASH#RECEPTION#${month}`)),
        `receptions of ${month}`,
      ).toBeGreaterThan(0);
    }
  });

  it('lists an order of a past month with its timeline and its output movements at its own dates', async () => {
    const token = await h.login(ADMIN1);
    const month = months[0] as string;
    const yymm = month.slice(2, 4) + month.slice(5, 7);
    // The oldest shipped order: one of the first month of the history.
    const found = await h.call('GET', '/api/orders?filter[statusCode]=070&sort=createdAt&paginate=1', { token });
    expect(found.status, found.text).toBe(200);
    const order = found.body.data[0];
    expect(order.reference).toMatch(new RegExp(`^CMD-CLI001-${yymm}-\\d\\d$`));
    expect(order.createdAt.slice(0, 7)).toBe(month);
    const timeline = (await h.call('GET', `/api/orders/${order.id}/timeline`, { token })).body as {
      at: string;
      type: string;
    }[];
    const at = timeline.map((e) => e.at);
    expect(at).toEqual([...at].sort());
    expect(timeline.map((e) => e.type)).toContain('order.shipped');
    const shipped = timeline.find((e) => e.type === 'order.shipped')?.at as string;
    // Sent on a day of its month, shipped two days later.
    expect(Date.parse(shipped) - Date.parse(order.createdAt)).toBeGreaterThan(36 * 3_600_000);
    expect(Date.parse(shipped) - Date.parse(order.createdAt)).toBeLessThan(3 * 24 * 3_600_000);
    const moved = [];
    for await (const m of movementRecords.query({ pk: keys.movements(owners[ADMIN1] as string) })) {
      if (m.order?.id === order.id) moved.push(m);
    }
    expect(moved.length).toBeGreaterThan(0);
    for (const m of moved) expect(m.date).toBe(shipped);
  });

  it('keeps every stock line the sum of its movements', async () => {
    for (const owner of Object.values(owners)) {
      const sums = new Map<string, number>();
      for await (const m of movementRecords.query({ pk: keys.movements(owner) })) {
        sums.set(m.stock.id, (sums.get(m.stock.id) ?? 0) + (m.direction === 'input' ? m.quantity : -m.quantity));
      }
      let lines = 0;
      for await (const s of stockRecords.query({ pk: keys.tenant(owner), skPrefix: keys.stockPrefix() })) {
        expect(s.quantity, `${s.productCode} ${s.id}`).toBe(sums.get(s.id) ?? 0);
        lines++;
      }
      expect(lines).toBeGreaterThan(10);
    }
  });

  it('shows page views in every month of the statistics’ year', async () => {
    const start = monthBefore(11);
    const end = new Date().toISOString().slice(0, 10);
    const res = await h.call('GET', `/api/activity-logs/stats?start_date=${start}&end_date=${end}`, {
      token: await h.login(SUPER),
    });
    expect(res.status, res.text).toBe(200);
    const seen = new Set(
      (res.body as { days: Record<string, number> }[]).flatMap((r) => Object.keys(r.days).map((d) => d.slice(0, 7))),
    );
    for (const month of months) expect(seen, month).toContain(month);
  });

  it('tells the simulated warehouse none of it, however long the seed took', () => {
    // What the warehouse was told, and is playing, survives in its state file (infra/local/warehouse.ts).
    const state = join(inject('seededData'), 'warehouse.json');
    const told = existsSync(state) ? (JSON.parse(readFileSync(state, 'utf8')) as unknown[]) : [];
    expect(told).toEqual([]);
  });

  it('needs no repair by the recount', async () => {
    const res = await h.call('POST', '/_ops/recount', { token: await h.login(SUPER) });
    expect(res.status).toBe(200);
    const repaired = (res.body as { entity: string; repaired: unknown[] }[]).filter((r) => r.repaired.length > 0);
    expect(repaired).toEqual([]);
  });
});
