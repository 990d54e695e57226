/**
 * Benchmark: a recipients CSV export of 10,000 and 100,000 rows through the local runtime, both ways: the list's
 * direct answer (`output=csv`, what the grid uses up to 3,000 rows, bounded in AWS by API Gateway's 29 s and the
 * 6 MB Lambda payload) and the background export (POST /api/exports → export queue → worker → exports bucket →
 * link), timed from the request to the finished job and to the downloaded file.
 * Run: npm run bench:exports  (generates its data in a throw-away directory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../../infra/local/runtime';
import { seedAndSignIn } from './seed-contacts';

const SIZES = [10_000, 100_000];
const QUERY = 'filter[type]=recipient&sort=code&output=csv&columns=code,displayName,address.city,segment';

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log('| rows | direct answer | file size | background: request to done | background: to file downloaded |');
  console.log('|---|---|---|---|---|');
  for (const n of SIZES) {
    const access_token = await seedAndSignIn(runtime.url, n);
    const auth = { authorization: `Bearer ${access_token}` };

    let t = performance.now();
    const direct = await (await fetch(`${runtime.url}/api/contacts?${QUERY}`, { headers: auth })).text();
    const directMs = performance.now() - t;

    t = performance.now();
    const queued = await fetch(`${runtime.url}/api/exports`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/api/contacts', query: QUERY }),
    });
    let job = (await queued.json()) as { id: string; status: string; url: string | null; rows: number | null };
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await (await fetch(`${runtime.url}/api/exports/${job.id}`, { headers: auth })).json()) as typeof job;
    }
    const doneMs = performance.now() - t;
    if (job.status !== 'done' || job.rows !== n) throw new Error(`export ${job.status}, ${job.rows} rows of ${n}`);
    const file = await (await fetch(job.url as string)).text();
    const fileMs = performance.now() - t;
    if (file !== direct) throw new Error('The background file differs from the direct answer');
    console.log(
      `| ${n.toLocaleString('en')} | ${(directMs / 1000).toFixed(1)} s | ${(Buffer.byteLength(file) / 1e6).toFixed(1)} MB | ${(doneMs / 1000).toFixed(1)} s | ${(fileMs / 1000).toFixed(1)} s |`,
    );
  }
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
