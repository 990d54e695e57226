/**
 * The local runtime moves data one format behind as a deployed stage's migration does: data of format 10 (the
 * dashboard's references counted stock lines) is recounted on start, so the figure counts products.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { todayIn } from '@cellar/shared/common/dates';
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { putItem } from '../../functions/src/data/table';
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
 * What a client admin sees at `url`: its company, the dashboard's references, and how many published updates (the
 * data kept, or a fresh demo).
 */
async function adminView(url: string): Promise<{ companyId: string; references: number; updates: number }> {
  const call = httpCall(url);
  const signedIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const token = signedIn.body.access_token;
  const me = await call<{ companyId: string }>('GET', '/api/auth/user', { token });
  const board = await call<{ kpi: { referencesCount: number } }>('GET', '/api/dashboard', { token });
  const updates = await call<{ count: number }>('GET', '/api/last-updates', { token });
  return { companyId: me.body.companyId, references: board.body.kpi.referencesCount, updates: updates.body.count };
}

describe('data one format behind', () => {
  it('is recounted on start: the references count products again', async () => {
    // Prepare: the demo as seeded, its references figure left as an older version counted it (9,999 here)
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
    await putItem({ ...keys.counter(keys.tenant(seeded.companyId), 'DASH#STOCK#references'), n: 9_999 });
    const skewed = await adminView(first.url);
    await first.stop();
    writeFileSync(join(dataDir, 'data-format'), String(DATA_FORMAT - 1));
    // Act: started as `npm start` is, in a process of its own
    const again = spawnRuntime(await freePort(), dataDir);
    child = again.child;
    await untilServing(again.url, 120_000);
    const recounted = await adminView(again.url);
    // Assess
    expect(skewed.references).toBe(9_999);
    expect(recounted).toEqual(seeded);
    expect(readFileSync(join(dataDir, 'data-format'), 'utf8')).toBe(String(DATA_FORMAT));
  }, 120_000);
});
