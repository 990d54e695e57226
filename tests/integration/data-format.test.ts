/**
 * The local runtime moves data one format behind as a deployed stage's migration does: data of format 11 (a
 * product's list-sort keys held its value and id alone) has its products' keys written again on start, so that a
 * filter of one colour is read in the list's order.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { todayIn } from '@cellar/shared/common/dates';
import { LIST_SORT_INDEXES } from '@cellar/shared/filter/query';
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { putItem, queryAll } from '../../functions/src/data/table';
import { DATA_FORMAT } from '../../functions/src/data/table-definition';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { freePort, spawnRuntime, untilServing } from '../fixtures/runtime-process';
import { type Contract, openContract } from './contract';
import { ADMIN1, SUPER, seededCopy } from './harness';

const dataDir = seededCopy('cellar-format-');
let child: ChildProcess | undefined;
/** The published contract of each runtime started, which every exchange keeps to. */
const contracts = new Map<string, Contract>();
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  for (const contract of contracts.values()) contract.verify();
});

/** HTTP to the runtime at `url`, checked against its published contract. */
function httpCall(url: string) {
  let contract = contracts.get(url);
  if (!contract) {
    contract = openContract(url);
    contracts.set(url, contract);
  }
  return contract.call;
}

/**
 * What a client admin sees at `url`: its company, how many published updates (the data kept, or a fresh demo), and
 * the codes of its products of one colour, in the list's order, page by page.
 */
async function adminView(url: string, colour: string) {
  const call = httpCall(url);
  const signedIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const token = signedIn.body.access_token;
  const me = await call<{ companyId: string }>('GET', '/api/auth/user', { token });
  const updates = await call<{ count: number }>('GET', '/api/last-updates', { token });
  const codes: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const list = await call<{ data: { code: string }[] }>(
      'GET',
      `/api/products?paginate=5&page=${page}&filter[attributes.color]=${colour}`,
      { token },
    );
    codes.push(...list.body.data.map((p) => p.code));
  }
  return { companyId: me.body.companyId, updates: updates.body.count, codes };
}

/** The list-sort keys a product's item had in format 11: each column's value, then the id (no tie-break). */
async function toFormat11(companyId: string) {
  for await (const item of queryAll({ pk: keys.tenant(companyId), skPrefix: keys.productPrefix })) {
    const old = Object.fromEntries(
      LIST_SORT_INDEXES.filter((name) => typeof item[`${name}SK`] === 'string').map((name) => {
        const [value] = String(item[`${name}SK`]).split('#');
        return [`${name}SK`, `${value}#${String(item.id)}`];
      }),
    );
    await putItem({ ...item, ...old } as Parameters<typeof putItem>[0]);
  }
}

describe('data one format behind', () => {
  it('has its products’ list keys written again on start: one colour reads in the list’s order again', async () => {
    // Prepare: the demo as seeded, its products' keys as format 11 wrote them
    const first = await startRuntime({ port: 0, dataDir, seed: true, log: () => {} });
    const call = httpCall(first.url);
    const superadmin = await call<{ access_token: string }>('POST', '/api/auth/token', {
      body: { email: SUPER, password: DEMO_PASSWORD },
    });
    // Something the older data holds that a fresh demo would not: an update published before the move.
    await call('POST', '/api/app-update', {
      token: superadmin.body.access_token,
      body: { date: todayIn(), title: 'Format', description: 'Published before the move.' },
    });
    const seeded = await adminView(first.url, 'RG');
    await toFormat11(seeded.companyId);
    const skewed = await adminView(first.url, 'RG');
    await first.stop();
    writeFileSync(join(dataDir, 'data-format'), String(DATA_FORMAT - 1));
    // Act: started as `npm start` is, in a process of its own
    const again = spawnRuntime(await freePort(), dataDir);
    child = again.child;
    await untilServing(again.url, 120_000);
    const moved = await adminView(again.url, 'RG');
    // Assess: the codes in order (several pages of them), the update kept
    expect(seeded.codes.length).toBeGreaterThan(5);
    expect(seeded.codes).toEqual([...seeded.codes].sort());
    expect(skewed.codes).not.toEqual(seeded.codes);
    expect(moved).toEqual(seeded);
    expect(readFileSync(join(dataDir, 'data-format'), 'utf8')).toBe(String(DATA_FORMAT));
  }, 120_000);
});
