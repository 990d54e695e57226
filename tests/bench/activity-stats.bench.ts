/**
 * Benchmark: the statistics pivot's data (GET /api/activity-logs/stats, a year of daily counters) and the first
 * page of the activity logs, through the local runtime, with 100,000 page views of 40 users of 4 companies on
 * 25 pages over a year (generated here, written as the API would: one log item and one daily counter update each).
 * Run: npm run bench:stats
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logRecords, type StatRow, statRecords } from '../../functions/src/activityLogs/service';
import { hashPassword } from '../../functions/src/auth/passwords';
import { companyItems } from '../../functions/src/companies/repository';
import { keys } from '../../functions/src/data/keys';
import { companies } from '../../functions/src/data/reference';
import { batchPut, type Item } from '../../functions/src/data/table';
import { userItems } from '../../functions/src/users/repository';
import { prng } from '../../infra/local/prng';
import { startRuntime } from '../../infra/local/runtime';

const LOGS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const PAGES = Array.from({ length: 25 }, (_, i) => `page-${i}`);
const PASSWORD = 'bench-password-2026';
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  const rng = prng(7);
  const codes = ['STA001', 'STA002', 'STA003', 'STA004'];
  const base = {
    address: {},
    warehouseIds: [],
    segments: ['B2B'] as ('B2B' | 'B2C')[],
    isPooledActivity: false,
    isTopAgent: false,
    isCertifiedOrganic: false,
    scope: ['*'],
    active: true,
    version: 1,
  };
  await batchPut(codes.flatMap((code) => companyItems({ id: code, code, name: code, ...base })));
  await batchPut(
    userItems({
      id: 'SUPER',
      email: 'super@bench.test',
      passwordHash: await hashPassword(PASSWORD),
      firstname: 'S',
      lastname: 'S',
      roleLevel: 100,
      active: true,
      locale: 'fr-FR',
      companyId: 'STA001',
      companyCode: 'STA001',
      warehouseIds: [],
      scope: ['*'],
      notificationChannels: [],
      childIds: [],
      createdAt: '',
      version: 1,
    }),
  );
  companies.invalidate();
  const started = Date.now();
  const counters = new Map<string, StatRow>();
  const logs: Item[] = [];
  const logCompany: string[] = [];
  for (let i = 0; i < LOGS; i++) {
    const company = rng.pick(codes);
    logCompany.push(company);
    const user = rng.int(1, 10);
    const pageName = rng.pick(PAGES);
    const createdAt = new Date(Date.UTC(2026, 0, 1) + Math.floor((i / LOGS) * 365 * 86_400_000)).toISOString();
    const id = `L${i}`;
    const log = {
      id,
      type: 'pageView' as const,
      pageName,
      createdAt,
      companyId: company,
      user: {
        firstname: `U${user}`,
        lastname: company,
        email: `u${user}@${company}.test`,
        company: { code: company, name: company },
      },
    };
    logs.push(logRecords.item(log));
    const date = createdAt.slice(0, 10);
    const key = `${date.slice(0, 7)}|${company}#pageView#${pageName}`;
    const row = counters.get(key) ?? {
      month: date.slice(0, 7),
      company,
      companyId: company,
      type: 'pageView',
      pageName,
      days: {},
    };
    row.days[date] = (row.days[date] ?? 0) + 1;
    counters.set(key, row);
    if (logs.length === 5000) await batchPut(logs.splice(0));
  }
  await batchPut(logs);
  await batchPut([...counters.values()].map(statRecords.item));
  // The log totals the API keeps.
  const perCompany = new Map<string, number>();
  for (let i = 0; i < LOGS; i++)
    perCompany.set(logCompany[i] as string, (perCompany.get(logCompany[i] as string) ?? 0) + 1);
  await batchPut([
    { ...keys.counter(keys.logs, 'all'), n: LOGS },
    ...[...perCompany].map(([c, n]) => ({ ...keys.counter(keys.companyLogs(c), 'all'), n })),
  ]);
  console.log(
    `Loaded ${LOGS.toLocaleString('en')} page views (${counters.size} rows of daily counts) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  const login = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'super@bench.test', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  for (const [label, path] of [
    ['statistics, whole year (pivot data)', '/api/activity-logs/stats?start_date=2026-01-01&end_date=2026-12-31'],
    ['statistics, one month', '/api/activity-logs/stats?start_date=2026-06-01&end_date=2026-06-30'],
    ['activity logs, first page', '/api/activity-logs?paginate=20'],
  ] as const) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < RUNS + 5; i++) {
      const t = performance.now();
      const res = await fetch(runtime.url + path, { headers: { authorization: `Bearer ${access_token}` } });
      const body = (await res.json()) as unknown[] | { data: unknown[] };
      if (i >= 5) times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      rows = Array.isArray(body) ? body.length : body.data.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(36)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms  (${rows} rows)`,
    );
  }
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
