/**
 * Benchmark: the contacts list through the local runtime (HTTP → gateway → Lambda handler → dynalite), for a
 * tenant holding 1,000 and one holding 100,000 recipients: the first page in the default sort, with a rare search
 * term, with a column filter, sorted by another column, page 50 and the last page. None may read the partition: each 100,000
 * figure should stay within 2× of its 1,000 one (and every p95 under 100 ms).
 * Run: npm run bench:contacts  (prints p50/p95; generates its data in a throw-away directory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../../infra/local/runtime';
import { measure, ratioLine } from './measure';
import { seedAndSignIn } from './seed-contacts';

const SIZES = [1_000, 100_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const LIST = '/api/contacts?filter[type]=recipient&paginate=20&include=owner,warehouse';

const CASES = [
  { name: 'first page, default sort (code)', query: '&page=1' },
  { name: 'rare search term (zinfandel)', query: '&filter[search]=zinfandel' },
  { name: 'column filter (city = Reims)', query: '&filter[address.city]=Reims' },
  { name: 'sparse column filter (postcode starts 100)', query: '&filter[address.postcode][startsWith]=100' },
  { name: 'sorted by city, descending', query: '&sort=-address.city' },
  { name: 'page 50', query: '&page=50' },
  { name: 'last page', query: (n: number) => `&page=${n / 20}` },
];

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log(`Contacts list, pages of 20, ${RUNS} requests per case and tenant after 20 warm-up:`);
  const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
  for (const n of SIZES) {
    const token = await seedAndSignIn(runtime.url, n);
    for (const c of CASES) {
      const r = await measure(runtime.url, token, LIST + (typeof c.query === 'string' ? c.query : c.query(n)), RUNS);
      results[c.name] = { ...results[c.name], [n]: r };
      console.log(
        `  ${n.toLocaleString('en').padStart(7)} contacts, ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows, meta.total ${r.total})`,
      );
    }
  }
  for (const c of CASES) console.log(ratioLine(c.name, results[c.name], SIZES));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
