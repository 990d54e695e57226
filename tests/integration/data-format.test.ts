/**
 * The local runtime moves data one format behind as a deployed stage's migration does: data of format 10 (the
 * dashboard's references counted stock lines) is recounted on start, so the figure counts products.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/data/keys';
import { putItem } from '../../functions/src/data/table';
import { DATA_FORMAT } from '../../functions/src/data/table-definition';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed';
import { ADMIN1, httpCall, seededCopy } from './harness';

const dataDir = seededCopy('cellar-format-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A client admin's company and the dashboard's references figure, asked of the runtime at `url`. */
async function adminView(url: string): Promise<{ companyId: string; references: number }> {
  const call = httpCall(url);
  const signedIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const token = signedIn.body.access_token;
  const me = await call<{ companyId: string }>('GET', '/api/auth/user', { token });
  const board = await call<{ kpi: { referencesCount: number } }>('GET', '/api/dashboard', { token });
  return { companyId: me.body.companyId, references: board.body.kpi.referencesCount };
}

describe('data one format behind', () => {
  it('is recounted on start: the references count products again', async () => {
    // Prepare: the demo as seeded, its references figure left as an older version counted it (9,999 here)
    const first = await startRuntime({ port: 0, dataDir, seed: true, log: () => {} });
    const seeded = await adminView(first.url);
    await putItem({ ...keys.counter(keys.tenant(seeded.companyId), 'DASH#STOCK#references'), n: 9_999 });
    const skewed = await adminView(first.url);
    await first.stop();
    writeFileSync(join(dataDir, 'data-format'), String(DATA_FORMAT - 1));
    // Act
    const again = await startRuntime({ port: 0, dataDir, seed: true, log: () => {} });
    const recounted = await adminView(again.url);
    await again.stop();
    // Assess
    expect(skewed.references).toBe(9_999);
    expect(recounted.references).toBe(seeded.references);
    expect(readFileSync(join(dataDir, 'data-format'), 'utf8')).toBe(String(DATA_FORMAT));
  }, 120_000);
});
