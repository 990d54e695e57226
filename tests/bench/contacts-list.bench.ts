/**
 * Benchmark: the contacts list's first page in the default sort (code), through the local runtime (HTTP →
 * gateway → Lambda handler → dynalite), for a tenant holding 1,000 and one holding 100,000 recipients.
 * The first page must not read the partition: the 100,000 figure should stay within 2× of the 1,000 one.
 * Run: npm run bench  (prints p50/p95; generates its data in a throw-away directory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../../infra/local/runtime';
import { seedAndSignIn } from './seed-contacts';

const SIZES = [1_000, 100_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(url: string, token: string, path: string) {
  const call = async () => {
    const t = performance.now();
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: unknown[]; meta: { total: number } };
    if (res.status !== 200 || body.data.length !== 20) throw new Error(`Unexpected answer ${res.status}`);
    return { ms: performance.now() - t, total: body.meta.total };
  };
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await call();
    times.push(r.ms);
    total = r.total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log(`Contacts list, first page (20, default sort), ${RUNS} requests per tenant after 20 warm-up:`);
  const results: Record<number, { p50: number; p95: number }> = {};
  for (const n of SIZES) {
    const access_token = await seedAndSignIn(runtime.url, n);
    const r = await measure(
      runtime.url,
      access_token,
      '/api/contacts?filter[type]=recipient&paginate=20&page=1&include=owner,warehouse',
    );
    results[n] = r;
    console.log(
      `  ${n.toLocaleString('en').padStart(7)} contacts: p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms (meta.total ${r.total})`,
    );
  }
  const [small, large] = SIZES.map((n) => results[n] as { p50: number; p95: number });
  if (small && large) {
    console.log(
      `  ratio 100k/1k: p50 ${(large.p50 / small.p50).toFixed(2)}×, p95 ${(large.p95 / small.p95).toFixed(2)}× (target ≤ 2×)`,
    );
  }
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
