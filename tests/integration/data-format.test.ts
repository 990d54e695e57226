/**
 * The local runtime moves data one format behind as a deployed stage's migration does: data of format 12 (a user
 * was sorted in the every-user partition alone) has its users' keys written again on start, so that a company's
 * list sorted by e-mail reads its own users, in order.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { todayIn } from '@cellar/shared/common/dates';
import { afterAll, describe, expect, it } from 'vitest';
import { putItem, queryAll } from '../../functions/src/data/table';
import { DATA_FORMAT } from '../../functions/src/data/table-definition';
import { userSource } from '../../functions/src/users/repository';
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
 * the e-mails of its company's users sorted by e-mail, page by page.
 */
async function adminView(url: string) {
  const call = httpCall(url);
  const signedIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const token = signedIn.body.access_token;
  const me = await call<{ companyId: string }>('GET', '/api/auth/user', { token });
  const updates = await call<{ count: number }>('GET', '/api/last-updates', { token });
  const emails: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const list = await call<{ data: { email: string }[] }>('GET', `/api/users?paginate=1&page=${page}&sort=email`, {
      token,
    });
    emails.push(...list.body.data.map((u) => u.email));
  }
  return { companyId: me.body.companyId, updates: updates.body.count, emails };
}

/** The list-sort keys a user's item had in format 12: the every-user partition's alone (LS1–LS7). */
async function toFormat12() {
  for await (const item of queryAll(userSource('all'))) {
    const old = Object.fromEntries(Object.entries(item).filter(([name]) => !/^LS(8|9|1[0-3])(PK|SK)$/.test(name)));
    await putItem(old as Parameters<typeof putItem>[0]);
  }
}

describe('data one format behind', () => {
  it('has its users’ list keys written again on start: a company’s users read by e-mail again', async () => {
    // Prepare: the demo as seeded, its users' keys as format 12 wrote them
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
    const seeded = await adminView(first.url);
    await toFormat12();
    const skewed = await adminView(first.url);
    await first.stop();
    writeFileSync(join(dataDir, 'data-format'), String(DATA_FORMAT - 1));
    // Act: started as `npm start` is, in a process of its own
    const again = spawnRuntime(await freePort(), dataDir);
    child = again.child;
    await untilServing(again.url, 120_000);
    const moved = await adminView(again.url);
    // Assess: the e-mails in order (several pages of them), the update kept
    expect(seeded.emails.length).toBe(3);
    expect(seeded.emails).toEqual([...seeded.emails].sort());
    expect(skewed.emails).not.toEqual(seeded.emails);
    expect(moved).toEqual(seeded);
    expect(readFileSync(join(dataDir, 'data-format'), 'utf8')).toBe(String(DATA_FORMAT));
  }, 120_000);
});
