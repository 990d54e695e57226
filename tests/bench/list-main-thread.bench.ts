/**
 * Benchmark: the main thread of a list page's first visit on a phone, observed rather than simulated. Lighthouse's
 * mobile score simulates its blocking time from one load (±100 ms between runs on this machine); this loads the
 * page several times in Debian's Chromium at a phone's size, its CPU slowed 4× as Lighthouse's profile assumes,
 * and reads the renderer's tasks from the trace: the time busy after the first contentful paint, the blocking time
 * (each task's part over 50 ms) and the longest task. Builds given as arguments are measured side by side, each
 * load of one beside a load of the other, so that a change is compared on the same machine's same minutes.
 * Run: npm run bench:main-thread [-- <built SPA folder>…] (web/dist by default; BENCH_LOADS=n, BENCH_PAGE=/path)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const PAGE = process.env.BENCH_PAGE ?? '/recipient/list';
/** Lighthouse's mobile profile: a Moto G Power's screen, its CPU four times slower than this machine's. */
const PHONE = { width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 };
const CPU_SLOWDOWN = 4;
const builds = (process.argv.slice(2).length ? process.argv.slice(2) : ['web/dist']).map((b) => resolve(b));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/** One runtime per build, each on a copy of one seeded demo: the test command's (CELLAR_TEST_SEED), or seeded here. */
const seeded = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
if (process.env.CELLAR_TEST_SEED) cpSync(process.env.CELLAR_TEST_SEED, seeded, { recursive: true });
else await (await startRuntime({ port: 0, dataDir: seeded, sweepEveryMs: 0, log: () => {} })).stop();
const dirs: string[] = [];
const runtimes = [];
for (const webRoot of builds) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
  cpSync(seeded, dataDir, { recursive: true });
  dirs.push(dataDir);
  runtimes.push(await startRuntime({ port: 0, dataDir, webRoot, sweepEveryMs: 0, log: () => {} }));
}
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});

/** One first visit of the page, signed in, its cache empty: the renderer's tasks after its first paint. */
async function load(url: string): Promise<{ busy: number; blocking: number; longest: number }> {
  const res = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@cli001.test', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(PHONE);
  await page.goto(`${url}/privacy`);
  // A string runs in the page: the benchmarks' TypeScript knows no DOM.
  await page.evaluate(`localStorage.setItem('cellar.token', ${JSON.stringify(token)})`);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const path = join(tmpdir(), `cellar-main-thread-${process.pid}.json`);
  await page.tracing.start({ path, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(`${url}${PAGE}`, { waitUntil: 'networkidle0' });
  // What the page does once its requests have answered (the grid's rows drawn) counts too.
  await new Promise((r) => setTimeout(r, 2500));
  await page.tracing.stop();
  await context.close();
  const events = (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  rmSync(path, { force: true });
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${PAGE} painted nothing`);
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts >= fcp.ts)
    .map((e) => (e.dur ?? 0) / 1000);
  return {
    busy: tasks.reduce((s, d) => s + d, 0),
    blocking: tasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
    longest: Math.max(0, ...tasks),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load1 = () => loadavg()[0]?.toFixed(2);

try {
  console.log(
    `${PAGE} on a phone's screen, CPU slowed ${CPU_SLOWDOWN}×, ${LOADS} first visits per build; load average ${load1()}`,
  );
  const results = builds.map(() => [] as Awaited<ReturnType<typeof load>>[]);
  for (let i = 0; i < LOADS; i++) {
    for (const [b, runtime] of runtimes.entries()) results[b]?.push(await load(runtime.url));
  }
  for (const [b, build] of builds.entries()) {
    const runs = results[b] ?? [];
    console.log(
      `  ${build}: busy after the first paint ${median(runs.map((r) => r.busy)).toFixed(0)} ms, ` +
        `blocking ${median(runs.map((r) => r.blocking)).toFixed(0)} ms, longest task ${median(runs.map((r) => r.longest)).toFixed(0)} ms ` +
        `(medians; blocking per load: ${runs.map((r) => r.blocking.toFixed(0)).join(', ')})`,
    );
  }
  console.log(`  at the end, load average ${load1()}`);
} finally {
  await browser.close();
  for (const runtime of runtimes) await runtime.stop();
  for (const dir of [seeded, ...dirs]) rmSync(dir, { recursive: true, force: true });
}
