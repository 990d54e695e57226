/**
 * Benchmark: Lighthouse's performance, accessibility and best-practices scores of the sign-in page and of a list
 * page signed in (the recipients list of a client admin), with its mobile profile (a mid-range phone on a slow 4G
 * link, simulated) and its desktop profile, against the built SPA served compressed by the local runtime, in
 * Debian's Chromium. Printed: each page's scores, its main timings and the JavaScript it transferred.
 * Run: npm run bench:lighthouse (builds the SPA first; LIGHTHOUSE_RUNS=n runs each page n times, 3 by default)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const TARGETS = { mobile: 90, desktop: 95 } as const;
/** Each page is measured this many times; the median performance run is printed (Lighthouse's advice). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_PROFILES=mobile and LIGHTHOUSE_PAGES=list measure a part only (while working on it). */
const PROFILES = (process.env.LIGHTHOUSE_PROFILES ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'login,list').split(',');
/**
 * The mobile profile slows the CPU 4×, which Lighthouse sets for a host of a "high-end desktop"'s benchmark index
 * (1,500–2,000; its docs/throttling.md): a faster host makes a faster phone. LIGHTHOUSE_CALIBRATE=1 scales the
 * slowdown to this host's index (4 × index / 1,750, the bracket's middle), as those docs advise, so that hosts of
 * different speeds simulate the same phone.
 */
const CALIBRATE = process.env.LIGHTHOUSE_CALIBRATE === '1';
const REFERENCE_INDEX = 1750;
let mobileSlowdown = throttling.mobileSlow4G.cpuSlowdownMultiplier;

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
// LIGHTHOUSE_WEB_ROOT=<folder> measures another build of the SPA (an older release's, to compare).
const runtime = await startRuntime({ port: 0, dataDir, webRoot: process.env.LIGHTHOUSE_WEB_ROOT });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});

interface Result {
  scores: Record<string, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  /** What had arrived when the largest paint (the page's title) was drawn, in the observed load: requests and bytes. */
  beforeLcp: { requests: number; kb: number };
  /** Lighthouse's reckoning of the host's CPU (its "CPU/Memory Power"); the 4× slowdown assumes 1,500–2,000. */
  benchmarkIndex: number;
}

/** Signs the browser in as the app does: the API's token in the app's localStorage key. */
async function signInBrowser(): Promise<void> {
  const res = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@cli001.test', password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${runtime.url}/privacy`);
  // A string runs in the page: the benchmarks' TypeScript knows no DOM.
  await page.evaluate(`localStorage.setItem('cellar.token', ${JSON.stringify(token)})`);
  await page.close();
  await browser.disconnect();
}

/**
 * Empties the browser's cache, and the service worker with its copies of the chunks (Lighthouse does both itself
 * only together with the stored session): the signed-in page is measured as a first visit, not as a repeat one.
 */
async function clearCache(): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(runtime.url).origin,
    storageTypes: 'cache_storage,service_workers',
  });
  await page.close();
  await browser.disconnect();
}

async function audit(path: string, profile: 'mobile' | 'desktop', signedIn: boolean): Promise<Result> {
  if (signedIn) await clearCache();
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // A signed-in page keeps the session stored in the browser; the cache is still emptied (a first visit).
    disableStorageReset: signedIn,
    // No service worker: one registered mid-load answers the later chunks itself, which Lighthouse then counts as
    // neither transferred nor slow. A first visit is measured with every chunk from the network.
    blockedUrlPatterns: ['*/registerSW.js'],
    ...(profile === 'mobile' && { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: mobileSlowdown } }),
  };
  const runner = await lighthouse(`${runtime.url}${path}`, flags, profile === 'desktop' ? desktopConfig : undefined);
  const lhr = runner?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== path) {
    throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}: not signed in`);
  }
  // LIGHTHOUSE_REPORTS=<folder> keeps each run's full report, to see what dominates.
  if (process.env.LIGHTHOUSE_REPORTS) {
    const name = `${path.replaceAll('/', '_')}-${profile}-${Date.now()}.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const observed = (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] })
    ?.items?.[0]?.observedLargestContentfulPaint;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { networkEndTime?: number; transferSize?: number }[] }
  )?.items?.filter((r) => observed !== undefined && r.networkEndTime !== undefined && r.networkEndTime <= observed);
  return {
    beforeLcp: {
      requests: requests?.length ?? 0,
      kb: (requests ?? []).reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: (items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024,
  };
}

/** The run of median performance score among `RUNS`. */
async function median(path: string, profile: 'mobile' | 'desktop', signedIn: boolean): Promise<Result> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(path, profile, signedIn));
  runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return runs[Math.floor(runs.length / 2)] as Result;
}

/** The machine's load average: the timings are only comparable on an idle machine. */
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`;

const line = (name: string, profile: 'mobile' | 'desktop', r: Result) =>
  `  ${name.padEnd(16)} ${profile.padEnd(8)} performance ${String(r.scores.performance).padStart(3)} (target ≥ ${TARGETS[profile]}), ` +
  `accessibility ${r.scores.accessibility}, best practices ${r.scores['best-practices']}; ` +
  `FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, ` +
  `JS ${r.scriptKb.toFixed(0)} KB transferred; before the largest paint ${r.beforeLcp.requests} requests, ` +
  `${r.beforeLcp.kb.toFixed(1)} KB; host benchmark index ${r.benchmarkIndex.toFixed(0)}`;

try {
  console.log(
    `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}on the local runtime, compressed as CloudFront serves; ${load()}`,
  );
  if (CALIBRATE) {
    const { benchmarkIndex } = await audit('/login', 'desktop', false);
    mobileSlowdown = (throttling.mobileSlow4G.cpuSlowdownMultiplier * benchmarkIndex) / REFERENCE_INDEX;
    console.log(
      `  host benchmark index ${benchmarkIndex.toFixed(0)}: the mobile profile's CPU slowed ${mobileSlowdown.toFixed(1)}× ` +
        `(4× at an index of ${REFERENCE_INDEX})`,
    );
  }
  for (const profile of PAGES.includes('login') ? PROFILES : []) {
    console.log(line('/login', profile, await median('/login', profile, false)));
  }
  if (PAGES.includes('list')) await signInBrowser();
  for (const profile of PAGES.includes('list') ? PROFILES : []) {
    console.log(line('/recipient/list', profile, await median('/recipient/list', profile, true)));
  }
  console.log(`  at the end, ${load()}`);
} finally {
  chrome.kill();
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
