/**
 * Stock that survives years of business (issue 21): a document's effects on stock are applied all or nothing and
 * exactly once, through one transaction or steps recorded on the document, with nothing kept on the shared items:
 * no item grows with the documents that touch it; a change interrupted between steps is finished by the sweep; a
 * step that finds its stock taken meanwhile undoes the steps done; and after random interleavings of sends, edits,
 * cancels, ships, receptions and replays, every stock line equals its movements and holds what open orders hold.
 */
import { orderCreateSchema, orderUpdateSchema } from '@cellar/shared/orders/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, callerFor } from '../../functions/src/caller/principal';
import { recountAll } from '../../functions/src/counters/recount';
import { keys } from '../../functions/src/data/keys';
import { getItem, putItem, queryAll, updateIf } from '../../functions/src/data/table';
import { transactWrite } from '../../functions/src/data/transact';
import { migrateLedger } from '../../functions/src/migrations/ledger';
import { notificationKey, notificationPut } from '../../functions/src/notifications/status-mail';
import { HOLDING } from '../../functions/src/orders/effects';
import { findOrder } from '../../functions/src/orders/repository';
import { createOrder, deleteOrder, updateOrder } from '../../functions/src/orders/service';
import { type Mail, useMailTransport } from '../../functions/src/platform/messaging/mail';
import { timeBudget } from '../../functions/src/platform/messaging/time-budget';
import { findProduct } from '../../functions/src/products/repository';
import { PENDING_LEDGER } from '../../functions/src/stocks/ledger';
import { findStock, stockRecords } from '../../functions/src/stocks/repository';
import { SweepError, sweep } from '../../functions/src/sweep/handler';
import { ADMIN1, type Harness, SUPER, startHarness } from './harness';
import { freshStock, orderBody } from './order-fixtures';

let h: Harness;
let at: { productId: string; warehouseId: string };
let recipient: string;
let superCaller: Caller;
let owner: string;

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  const superId = (await h.call('GET', '/api/auth/user', { token: await h.login(SUPER) })).body.id;
  superCaller = (await callerFor(superId)) as Caller;
  owner = me.companyId;
  recipient = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0].id;
  const products = (await h.call('GET', '/api/products?paginate=50', { token })).body.data;
  at = { productId: products.find((p: { hidden: boolean }) => !p.hidden).id, warehouseId: me.warehouseIds[0] };
});
afterAll(() => h?.stop());

const stockLine = (quantity: number) => freshStock(quantity, at);
const send = (stocks: { stockId: string; ordered: number }[], patch: Record<string, unknown> = {}) =>
  createOrder(
    superCaller,
    orderCreateSchema.parse({ ...orderBody([], recipient, { stocks, ...patch }), ownerId: owner }),
  );

async function figures(id: string) {
  const s = await findStock(id);
  if (!s) throw new Error(`no stock ${id}`);
  return { quantity: s.quantity, allocated: s.quantity_allocated };
}

/** The stored size of an item, as DynamoDB counts it near enough (its JSON). */
const bytes = (item: unknown) => Buffer.byteLength(JSON.stringify(item));

async function pendingChanges() {
  const out: string[] = [];
  for await (const p of queryAll({ pk: PENDING_LEDGER })) out.push(String(p.SK));
  return out;
}

describe('the demo as seeded', () => {
  it('has every stock line equal to its movements and holding what open orders hold', async () => {
    // Prepare: every client's lines, movements and orders, read from the table as the seed left them
    const owners: string[] = [];
    for await (const c of queryAll({ index: 'GSI1', pk: keys.companies }))
      owners.push(String(c.PK).slice('COMPANY#'.length));
    const wrong: unknown[] = [];
    let lines = 0;
    let moved = 0;
    for (const ownerId of owners) {
      const net = new Map<string, number>();
      for await (const m of queryAll({ pk: keys.movements(ownerId) })) {
        const id = (m.stock as { id: string }).id;
        net.set(id, (net.get(id) ?? 0) + (m.direction === 'input' ? 1 : -1) * Number(m.quantity));
        moved++;
      }
      const held = new Map<string, number>();
      for await (const o of queryAll({ pk: keys.tenant(ownerId), skPrefix: keys.orderPrefix })) {
        if (!HOLDING.has(String(o.statusCode))) continue;
        for (const l of o.lines as { stockId: string; ordered: number }[])
          held.set(l.stockId, (held.get(l.stockId) ?? 0) + l.ordered);
      }
      // Act
      for await (const s of queryAll({ pk: keys.tenant(ownerId), skPrefix: keys.stockPrefix() })) {
        lines++;
        const id = String(s.id);
        const expected = { quantity: net.get(id) ?? 0, allocated: held.get(id) ?? 0 };
        const found = { quantity: Number(s.quantity), allocated: Number(s.quantity_allocated) };
        if (found.quantity !== expected.quantity || found.allocated !== expected.allocated)
          wrong.push({ id, found, expected });
      }
    }
    // Assess: the demo has lines and history, and not one line differs from them
    expect(lines).toBeGreaterThan(50);
    expect(moved).toBeGreaterThan(lines);
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('nothing grows with history', () => {
  it('keeps a lot and its product the same size after 10 orders and after 150', async () => {
    // Prepare
    const s = await stockLine(1_000);
    const stock = await findStock(s);
    if (!stock) throw new Error('no stock');
    const product = await findProduct(at.productId);
    if (!product) throw new Error('no product');
    const sizes = async () => ({
      line: bytes(await getItem(keys.stock(stock.ownerId, stock.productCode, s))),
      product: bytes(await getItem(keys.product(product.ownerId, product.code))),
    });
    // Act
    for (let i = 0; i < 10; i++) await send([{ stockId: s, ordered: 1 }]);
    const at10 = await sizes();
    for (let i = 10; i < 150; i++) await send([{ stockId: s, ordered: 1 }]);
    const at150 = await sizes();
    // Assess: a figure of one more digit at most (10 → 150 allocated), not a mark per order
    expect(at150.line - at10.line).toBeLessThanOrEqual(4);
    expect(at150.product - at10.product).toBeLessThanOrEqual(8);
    expect(await figures(s)).toEqual({ quantity: 1_000, allocated: 150 });
  }, 120_000);
});

describe('an allocation applied as an atomic update', () => {
  it('has its line’s keys and counters brought in step by the sweep when its request stopped before, once', async () => {
    // Prepare: a line of 3 whose allocation of 3 went in atomically (as a contended send does), the request gone
    // before refreshing it: still in the sellable index and sorted as 3 available, listed for the sweep
    const id = await stockLine(3);
    const line = await findStock(id);
    if (!line) throw new Error('no stock');
    const key = stockRecords.key(line);
    await updateIf(key, {
      update: 'SET quantity_allocated = quantity_allocated + :n, version = version + :one',
      values: { ':n': 3, ':one': 1 },
    });
    await putItem({ PK: PENDING_LEDGER, SK: `refresh#${owner}#ORDERX#1`, entity: 'ledgerRefresh', lines: [key] });
    const stale = await getItem(key);
    // Act
    await sweep();
    const swept = await getItem(key);
    await sweep();
    const recounted = await recountAll();
    // Assess
    expect(stale?.GSI2PK).toBeDefined();
    expect(swept?.GSI2PK).toBeUndefined();
    expect(swept?.version).toBe(Number(stale?.version) + 1);
    expect((await getItem(key))?.version).toBe(swept?.version);
    expect(await pendingChanges()).not.toContain(`refresh#${owner}#ORDERX#1`);
    expect(recounted.find((x) => x.entity === 'stock')?.repaired).toEqual([]);
  });
});

describe('a change in steps', () => {
  it('is finished one change a sweep when the sweep has no time left, the next sweep taking the rest', async () => {
    // Prepare: two orders of 35 lines stopped half-way
    const halfway = async () => {
      const lines = await Promise.all(Array.from({ length: 35 }, () => stockLine(5)));
      const draft = await send(
        lines.map((stockId) => ({ stockId, ordered: 1 })),
        { statusCode: '000' },
      );
      const crash = (applied: number) => {
        if (applied === 30) throw new Error('stopped');
      };
      await expect(updateOrder(superCaller, draft.id, { statusCode: '005' }, { afterStep: crash })).rejects.toThrow(
        'stopped',
      );
      return draft.id;
    };
    const ids = [await halfway(), await halfway()];
    // Act
    const short = await sweep(60_000, timeBudget({ getRemainingTimeInMillis: () => 0 }));
    const left = await pendingChanges();
    const next = await sweep();
    // Assess
    expect(short).toEqual({ settled: 1, published: 0 });
    expect(ids.filter((id) => left.some((k) => k.endsWith(id)))).toHaveLength(1);
    expect(next.settled).toBe(1);
    for (const id of ids) expect(await findOrder(id)).toMatchObject({ statusCode: '005', transition: null });
  }, 60_000);

  it('is finished by the sweep when its process stops between two steps, exactly once', async () => {
    // Prepare: 35 lines, more than one step holds
    const lines = await Promise.all(Array.from({ length: 35 }, () => stockLine(5)));
    const draft = await send(
      lines.map((stockId) => ({ stockId, ordered: 2 })),
      { statusCode: '000' },
    );
    const crash = (applied: number) => {
      if (applied === 30) throw new Error('stopped');
    };
    // Act
    await expect(updateOrder(superCaller, draft.id, { statusCode: '005' }, { afterStep: crash })).rejects.toThrow(
      'stopped',
    );
    const halfway = await findOrder(draft.id);
    const pendingHalfway = await pendingChanges();
    const first = await figures(lines[0] as string);
    const last = await figures(lines[34] as string);
    const swept = await sweep();
    const again = await sweep();
    // Assess
    expect(halfway).toMatchObject({ statusCode: '005', transition: { done: 30, to: '005' } });
    expect(pendingHalfway.some((k) => k.endsWith(draft.id))).toBe(true);
    expect([first.allocated, last.allocated]).toEqual([2, 0]);
    expect(swept.settled).toBeGreaterThanOrEqual(1);
    expect(again.settled).toBe(0);
    expect(await findOrder(draft.id)).toMatchObject({ statusCode: '005', transition: null });
    for (const id of lines) expect(await figures(id)).toEqual({ quantity: 5, allocated: 2 });
    expect(await pendingChanges()).not.toContain(expect.stringContaining(draft.id));
  }, 60_000);

  it('undoes the steps done when a later step finds its stock taken meanwhile', async () => {
    // Prepare
    const [a, b, c] = [await stockLine(4), await stockLine(4), await stockLine(4)];
    const draft = await send(
      [a, b, c].map((stockId) => ({ stockId, ordered: 3 })),
      { statusCode: '000' },
    );
    let rival: string | undefined;
    const takeC = async (applied: number) => {
      if (applied === 1 && !rival) rival = (await send([{ stockId: c, ordered: 4 }])).id;
    };
    // Act
    const sent = updateOrder(superCaller, draft.id, { statusCode: '005' }, { stepEffects: 1, afterStep: takeC });
    // Assess
    await expect(sent).rejects.toMatchObject({ name: 'ConflictError' });
    expect(await findOrder(draft.id)).toMatchObject({ statusCode: '000', transition: null });
    expect(await figures(a)).toEqual({ quantity: 4, allocated: 0 });
    expect(await figures(b)).toEqual({ quantity: 4, allocated: 0 });
    expect(await figures(c)).toEqual({ quantity: 4, allocated: 4 });
    expect((await findOrder(rival as string))?.statusCode).toBe('005');
  }, 60_000);
});

describe('data of the old format moves', () => {
  it('keeps what a half-applied change of the old kind did, finishes the rest once, and drops every mark', async () => {
    // Prepare: an order of two lines whose old-kind send reached the first line only (its mark), then stopped
    const [s1, s2] = [await stockLine(10), await stockLine(10)];
    const o = await send(
      [
        { stockId: s1, ordered: 3 },
        { stockId: s2, ordered: 2 },
      ],
      { statusCode: '000' },
    );
    const stored = (await getItem(keys.order(owner, o.id))) as Record<string, unknown> & { PK: string; SK: string };
    const line1 = await findStock(s1);
    const product = await findProduct(at.productId);
    if (!line1 || !product) throw new Error('no stock');
    const at0 = new Date().toISOString();
    await putItem({
      ...stored,
      statusCode: '005',
      seq: 1,
      transition: { seq: 1, from: '000', before: [], to: '005', at: at0, shipped: null, undoOf: null },
    });
    await putItem({
      ...(await getItem(keys.stock(owner, line1.productCode, s1))),
      ...keys.stock(owner, line1.productCode, s1),
      quantity_allocated: 3,
      effects: { [o.id]: { seq: 1, quantity: 0, sellable: -3 } },
    });
    await putItem({
      ...(await getItem(keys.product(owner, product.code))),
      ...keys.product(owner, product.code),
      effects: { [`${o.id}:${s1}`]: 1 },
    });
    // Act
    const moved = await migrateLedger();
    await sweep();
    const again = await migrateLedger();
    // Assess
    expect(moved.documents).toBeGreaterThanOrEqual(1);
    expect(again.documents).toBe(0);
    expect(await findOrder(o.id)).toMatchObject({ statusCode: '005', transition: null });
    expect(await figures(s1)).toEqual({ quantity: 10, allocated: 3 });
    expect(await figures(s2)).toEqual({ quantity: 10, allocated: 2 });
    expect(await getItem(keys.stock(owner, line1.productCode, s1))).not.toHaveProperty('effects');
    const p = await getItem<{ effects?: unknown; stock: { quantity: number } }>(keys.product(owner, product.code));
    expect(p).not.toHaveProperty('effects');
    let sum = 0;
    for await (const l of queryAll({ pk: keys.tenant(owner), skPrefix: keys.stockPrefix(product.code) })) {
      sum += Number(l.quantity);
    }
    expect(p?.stock.quantity).toBe(sum);
  }, 120_000);
});

describe('stock equals its movements, and holds what open orders hold', () => {
  const HOLDING = new Set(['005', '010', '020', '030', '040']);
  type Op =
    | { op: 'send'; lines: [number, number][] }
    | { op: 'draft'; lines: [number, number][] }
    | { op: 'sendDraft'; order: number }
    | { op: 'edit'; order: number; lines: [number, number][] }
    | { op: 'status'; order: number; to: '010' | '050' | '070' }
    | { op: 'delete'; order: number }
    | { op: 'replay' };
  const lineArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 6 })), {
    minLength: 1,
    maxLength: 3,
  });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('send' as const), lines: lineArb }),
    fc.record({ op: fc.constant('draft' as const), lines: lineArb }),
    fc.record({ op: fc.constant('sendDraft' as const), order: fc.nat(20) }),
    fc.record({ op: fc.constant('edit' as const), order: fc.nat(20), lines: lineArb }),
    fc.record({ op: fc.constant('status' as const), order: fc.nat(20), to: fc.constantFrom('010', '050', '070') }),
    fc.record({ op: fc.constant('delete' as const), order: fc.nat(20) }),
    fc.record({ op: fc.constant('replay' as const) }),
  );
  const distinct = (lines: [number, number][]) => [...new Map(lines).entries()];

  it('after random interleavings of sends, edits, cancels, ships, deletes and replays, run at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 6 }),
        async (rounds) => {
          const stock = [await stockLine(12), await stockLine(12), await stockLine(12)];
          const orders: string[] = [];
          let last: (() => Promise<unknown>) | undefined;
          const pick = (n: number) => orders[n % Math.max(orders.length, 1)];
          const stocksOf = (lines: [number, number][]) =>
            distinct(lines).map(([i, n]) => ({ stockId: stock[i] as string, ordered: n }));
          const run = (o: Op): (() => Promise<unknown>) | undefined => {
            switch (o.op) {
              case 'send':
                return async () => orders.push((await send(stocksOf(o.lines))).id);
              case 'draft':
                return async () => orders.push((await send(stocksOf(o.lines), { statusCode: '000' })).id);
              case 'sendDraft': {
                const id = pick(o.order);
                return id ? () => updateOrder(superCaller, id, { statusCode: '005' }) : undefined;
              }
              case 'edit': {
                const id = pick(o.order);
                const edit = orderUpdateSchema.parse({ stocks: stocksOf(o.lines) });
                return id ? () => updateOrder(superCaller, id, edit) : undefined;
              }
              case 'status': {
                const id = pick(o.order);
                return id ? () => updateOrder(superCaller, id, { statusCode: o.to }) : undefined;
              }
              case 'delete': {
                const id = pick(o.order);
                return id ? () => deleteOrder(superCaller, id) : undefined;
              }
              case 'replay':
                return last;
            }
          };
          for (const round of rounds) {
            const calls = round.map(run).filter((f): f is () => Promise<unknown> => !!f);
            // Refusals (409, 422, 403, 404) are answers; anything else is a failure of the property.
            const results = await Promise.allSettled(calls.map((f) => f()));
            for (const r of results) {
              if (r.status === 'rejected') {
                const name = (r.reason as Error).name;
                if (
                  !['ConflictError', 'StaleVersionError', 'InvalidError', 'ForbiddenError', 'NotFoundError'].includes(
                    name,
                  )
                )
                  throw r.reason;
              }
            }
            last = calls.at(-1) ?? last;
          }
          await sweep();
          // Every stock line: what open orders hold is allocated; what has left is its output movements, once each
          // (a shipped order that is deleted keeps its output: the goods have left).
          for (const [i, id] of stock.entries()) {
            let held = 0;
            for (const oid of orders) {
              const o = await findOrder(oid);
              if (!o) continue;
              expect(o.transition).toBeNull();
              const line = o.lines.find((l) => l.stockId === id);
              if (line && HOLDING.has(o.statusCode)) held += line.ordered;
            }
            const line = await findStock(id);
            let out = 0;
            for await (const m of queryAll({
              index: 'GSI1',
              pk: keys.productMovements(owner, line?.productCode ?? ''),
            })) {
              if ((m.stock as { id: string }).id !== id) continue;
              out += m.direction === 'output' ? Number(m.quantity) : -Number(m.quantity);
            }
            expect({ line: i, ...(await figures(id)) }).toEqual({ line: i, quantity: 12 - out, allocated: held });
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});

describe('the sweep', () => {
  it('goes on past an entry it fails on, leaves that one for the next sweep, and fails its run', async () => {
    // Prepare: the e-mails of two orders' reports left unsent over a minute ago; the mail service refuses the first's
    const token = await h.login(ADMIN1);
    const listed = (await h.call('GET', '/api/orders?paginate=2', { token })).body.data as { id: string }[];
    const [first, second] = await Promise.all(
      listed
        .map((o) => o.id)
        .sort()
        .map(async (id) => (await findOrder(id)) as { id: string; ownerId: string; reference: string }),
    );
    if (!first || !second) throw new Error('The demo has fewer than two orders');
    const early = new Date(Date.now() - 120_000).toISOString();
    const left = [first, second].map((o) => {
      const { put } = notificationPut('order', o, 'order.shipped', 1, {});
      return { put: { ...put, at: early } };
    });
    await transactWrite(left);
    const sent: Mail[] = [];
    const replaced = useMailTransport(async (mail) => {
      if (mail.subject.includes(first.reference)) throw new Error('Refused by the mail service');
      sent.push(mail);
    });
    try {
      // Act
      const run = await sweep().catch((e: unknown) => e);
      const kept = await Promise.all(
        [first, second].map((o) => getItem(notificationKey('order', o.id, 'order.shipped', 1))),
      );
      useMailTransport(async (mail) => {
        sent.push(mail);
      });
      const next = await sweep();
      // Assess: the second order's e-mails sent past the first's failure, which the next sweep sent
      expect(run).toBeInstanceOf(SweepError);
      expect((run as SweepError).failed).toEqual([`order#${first.id}#order.shipped#1`]);
      expect(kept.map((item) => item?.documentId)).toEqual([first.id, undefined]);
      expect(next.published).toBeGreaterThanOrEqual(1);
      const subjects = sent.map((m) => m.subject);
      const secondAt = subjects.findIndex((s) => s.includes(second.reference));
      expect(secondAt).toBeGreaterThanOrEqual(0);
      expect(secondAt).toBeLessThan(subjects.findIndex((s) => s.includes(first.reference)));
      expect(subjects.filter((s) => s.includes(first.reference)).length).toBeGreaterThan(0);
    } finally {
      useMailTransport(replaced);
    }
  });
});
