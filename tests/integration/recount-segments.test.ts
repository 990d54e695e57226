/**
 * The nightly recount in segments: one entity at a time while the invocation's time allows, its progress saved after
 * each, the next invocation going on from there. Here each invocation has no time left, so each recounts exactly
 * one entity (the first step of an invocation always runs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountSegments, runOf } from '../../functions/src/counters/recount';
import { keys } from '../../functions/src/data/keys';
import { addToCounter } from '../../functions/src/data/table';
import { timeBudget } from '../../functions/src/platform/messaging/time-budget';
import { type Harness, startHarness } from './harness';

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
const noTimeLeft = () => timeBudget({ getRemainingTimeInMillis: () => 0 });

describe('The recount in segments', () => {
  it('recounts one entity an invocation when time is short, and goes on where the last one stopped', async () => {
    // Prepare
    const recipients = await total(RECIPIENTS);
    const movements = await total(MOVEMENTS);
    await addToCounter(keys.counter(keys.tenant(tenant), 'CONTACT#recipient#B2B'), -3);
    await addToCounter(keys.counter(`MOVES#${tenant}`, 'all'), 7);
    // Act: the first invocation recounts the contacts only.
    const first = await recountSegments('test-run', noTimeLeft());
    // Assess
    expect(first.results.map((r) => r.entity)).toEqual(['contact']);
    expect(first.left).toBe(8);
    expect(await total(RECIPIENTS)).toBe(recipients);
    expect(await total(MOVEMENTS)).toBe(movements + 7);
    // Act: the following invocations go on, one entity each, to the end.
    const later: string[] = [];
    for (let i = 0; i < 8; i++)
      later.push(...(await recountSegments('test-run', noTimeLeft())).results.map((r) => r.entity));
    // Assess
    expect(later).toHaveLength(8);
    expect(new Set([...later, 'contact']).size).toBe(9);
    expect(await total(MOVEMENTS)).toBe(movements);
    expect(await recountSegments('test-run', noTimeLeft())).toEqual({ results: [], left: 0 });
  });

  it('does every entity in one invocation that has the time, and a new run starts afresh', async () => {
    const plenty = timeBudget({ getRemainingTimeInMillis: () => 15 * 60_000 });
    expect((await recountSegments('another-run', plenty)).left).toBe(0);
  });

  it('names a scheduled run after its UTC day, and a manual one as asked', () => {
    expect(runOf({ time: '2026-11-27T02:45:00Z' })).toBe('2026-11-27');
    expect(runOf({ run: 'after-the-fix' })).toBe('after-the-fix');
    expect(runOf({}, new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-27');
  });
});
