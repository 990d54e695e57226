/**
 * Counters written beside their items drift when a process dies between the two writes. The recount repairs them:
 * drift is injected into the counters behind the contacts and movement totals, then `POST /_ops/recount` (the daily
 * recount Lambda's code) must bring every list total back to what the rows say, and leave alone a counter that a
 * write moved while it was reading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { addToCounter, getItem, putItem } from '../../functions/src/data/table';
import { ADMIN1, type Harness, SUPER, startHarness } from './harness';

const ADMIN = 'admin@cli001.test';
let h: Harness;
let token: string;
let tenant: string;

beforeAll(async () => {
  h = await startHarness();
  token = await h.login(ADMIN);
  tenant = (await h.call('GET', '/api/auth/user', { token })).body.companyId;
}, 120_000);
afterAll(() => h?.stop());

const total = async (path: string) => (await h.call('GET', path, { token })).body.meta.total as number;
const RECIPIENTS = '/api/contacts?filter[type]=recipient&paginate=1';
const MOVEMENTS = '/api/stock-movements?paginate=1';
const recount = async () => h.call('POST', '/_ops/recount', { token: await h.login(SUPER) });

describe('The recount', () => {
  it('is a superadmin’s action, on the local runtime only, and says so', async () => {
    const anonymous = await h.call('POST', '/_ops/recount');
    const client = await h.call('POST', '/_ops/recount', { token: await h.login(ADMIN1) });
    const mailbox = await fetch(`${h.url}/_mailbox`);
    expect([anonymous.status, client.status]).toEqual([401, 403]);
    expect(anonymous.headers.get('x-cellar-local-only')).toBe('This path exists in the local runtime only.');
    expect(mailbox.headers.get('x-cellar-local-only')).toBe('This path exists in the local runtime only.');
  });

  it('repairs drifted contact and movement counters, and the list totals are exact again', async () => {
    // Prepare
    const recipients = await total(RECIPIENTS);
    const movements = await total(MOVEMENTS);
    const rows = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=5000', { token })).body.data;
    const b2b = rows.filter((c: { segment: string | null }) => c.segment === 'B2B').length;
    // A crash after the item, before its counter; another counter counted twice.
    await addToCounter(keys.counter(keys.tenant(tenant), 'CONTACT#recipient#B2B'), -3);
    await addToCounter(keys.counter(`MOVES#${tenant}`, 'all'), 7);
    expect(await total(RECIPIENTS)).toBe(recipients - 3);
    expect(await total(MOVEMENTS)).toBe(movements + 7);
    // Act
    const res = await recount();
    // Assess
    expect(res.status).toBe(200);
    expect(await total(RECIPIENTS)).toBe(recipients);
    expect(await total(MOVEMENTS)).toBe(movements);
    const counter = await getItem<{ n: number }>(keys.counter(keys.tenant(tenant), 'CONTACT#recipient#B2B'));
    expect(counter?.n).toBe(b2b);
    const repaired = res.body.flatMap((r: { repaired: { key: { PK: string } }[] }) => r.repaired.map((x) => x.key.PK));
    expect(repaired).toContain(`COUNT#MOVES#${tenant}`);
  });

  it('finds nothing to repair when nothing drifted', async () => {
    // Act
    const res = await recount();
    // Assess
    expect(res.body.every((r: { repaired: unknown[] }) => r.repaired.length === 0)).toBe(true);
  });

  it('leaves a counter that a write moved while it was reading to the next recount', async () => {
    // Prepare: the counter drifted, and its stamp says it moved after any recount now starting.
    const key = keys.counter(keys.tenant(tenant), 'CONTACT#recipient#B2B');
    const before = await getItem<{ n: number }>(key);
    await putItem({ ...key, n: (before?.n ?? 0) + 2, at: '9999-01-01T00:00:00.000Z' });
    // Act
    const res = await recount();
    // Assess
    expect((await getItem<{ n: number }>(key))?.n).toBe((before?.n ?? 0) + 2);
    expect(res.body.find((r: { entity: string }) => r.entity === 'contact').skipped).toBe(1);
  });
});
