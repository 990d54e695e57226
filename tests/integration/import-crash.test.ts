/**
 * Nothing lost on a crash (issue 12): the local runtime is killed (SIGKILL) in the middle of an import (of 5,000
 * rows under `npm run test:volume`), then started again on the same data. The job must finish by itself, every row
 * created exactly once or reported, the job's counts true and the list's total exact.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { eventually, freePort, spawnRuntime, untilServing } from '../fixtures/runtime-process';
import { bySize } from '../fixtures/size';
import { type Contract, openContract } from './contract';
import { importFile, seededCopy } from './harness';

// Killed once 500 rows are written: the rest is written after the restart.
const ROWS = bySize(1_500, 5_000);
const dataDir = seededCopy('cellar-crash-');
let child: ChildProcess | undefined;
/** The runtime's published contract, which every exchange keeps to (one port, whichever run of the runtime). */
let contract: Contract | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  contract?.verify();
});

/**
 * `npm start`'s runtime in a process of its own, as a person runs it; answers its contract, through which the test
 * speaks to it, once it serves.
 */
async function start(port: number): Promise<Contract> {
  const started = spawnRuntime(port, dataDir);
  child = started.child;
  contract ??= openContract(started.url);
  await untilServing(started, 90_000);
  return contract;
}

describe('An import survives its runtime killed half-way', () => {
  it('ends with every row created once, the job finished with true counts, the list total exact', async () => {
    const port = await freePort();
    const api = await start(port);
    const signIn = async () => {
      const res = await api.fetch('/api/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'user@cli001.test', password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    let token = await signIn();
    const get = async <T>(path: string): Promise<T> =>
      (await (await api.fetch(path, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    const total = async () =>
      (await get<{ meta: { total: number } }>('/api/contacts?filter[type]=recipient&paginate=1')).meta.total;
    const before = await total();

    const me = await get<{ warehouses: { id: string }[] }>('/api/auth/user?include=warehouses');
    const lines = ['code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(
        `CRASH${String(i).padStart(5, '0')};non;;Client ${i};4 rue Sainte-Catherine;;33000;Bordeaux;FR;client${i}@example.com;0601020304;;`,
      );
    const upload = await importFile(api, token, 'contact', lines.join('\r\n'), {
      fields: { type: 'recipient', warehouse: me.warehouses[0]?.id ?? '', segment: 'B2C' },
    });
    expect(upload.status).toBe(201);
    const { id } = upload.body;

    // Killed while the worker is writing rows: some saved, some created after the last save.
    await eventually(async () => {
      const job = await get<ImportJob>(`/api/imports/${id}`);
      return job.processed >= 500 ? job : undefined;
    }, 120_000);
    child?.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));

    await start(port);
    token = await signIn();
    const job = await eventually(async () => {
      const j = await get<ImportJob>(`/api/imports/${id}`);
      return j.status === 'done' || j.status === 'failed' ? j : undefined;
    }, 180_000);
    expect(job).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
    expect(job.errors).toEqual([]);
    expect(await total()).toBe(before + ROWS);
    // Each code once: the first, one about where the kill fell, the last.
    for (const code of ['CRASH00001', 'CRASH00600', `CRASH${String(ROWS).padStart(5, '0')}`]) {
      const found = await get<{ data: unknown[] }>(`/api/contacts?filter[type]=recipient&filter[code]=${code}`);
      expect(found.data, code).toHaveLength(1);
    }
  }, 420_000);
});
