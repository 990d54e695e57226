/**
 * Benchmark: how long the import screen blocks the page's main thread while it previews a large file (issue 14).
 * A superadmin opens the client-account import of the built SPA served by the local runtime, in Debian's Chromium,
 * and chooses a file of 20,000 then 100,000 valid rows; the Long Tasks API records every task of the main thread
 * over 50 ms from the choice until the preview is usable (the rows counted, the check and the API's questions done,
 * 'Valider' ready). Printed per size: the total blocking time (the sum of each long task's part over 50 ms, as
 * Lighthouse counts it), the longest task, how many there were, the time until the preview was usable, and the
 * page's JavaScript heap then.
 * Run: npm run bench:import-preview (builds the SPA first; IMPORT_PREVIEW_WEB_ROOT=<folder> measures another build
 * of the SPA, an older release's to compare; IMPORT_PREVIEW_SIZES=20000,100000 by default)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';

const SIZES = (process.env.IMPORT_PREVIEW_SIZES ?? '20000,100000').split(',').map(Number);
const HEADER =
  'code;name;street;details;postcode;city;country;email;phone;siret;excise;warehouses;segments;pooled;top_agent;organic;modules;active';

/** A client-account file of `rows` valid rows whose codes no account has. */
function companyFile(rows: number, tag: string): Buffer {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    const code = `B${tag}${String(i).padStart(6, '0')}`;
    lines.push(`${code};Domaine ${i};${i} quai des Chartrons;;33000;Bordeaux;FR;;;;;BDX;B2B;non;non;oui;;oui`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, webRoot: process.env.IMPORT_PREVIEW_WEB_ROOT });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});

interface Figures {
  list: string;
  tbt: number;
  longest: number;
  tasks: number;
  usableMs: number;
  heapMb: number;
}

try {
  const res = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'superadmin@cellar.test', password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  // The page's polls run as strings, which the policy forbids to the app (zod runs jitless whatever the policy).
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  // Every long task of the page, from its start. A string runs in the page: the benchmarks' TypeScript knows no DOM.
  await page.addInitScript(`
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  `);
  await page.goto(`${runtime.url}/privacy`);
  await page.evaluate(`localStorage.setItem('cellar.token', ${JSON.stringify(token)})`);

  console.log('Import preview, main thread while a client-account file is previewed (built SPA, Chromium):');
  for (const size of SIZES) {
    const file = companyFile(size, Date.now().toString(36).toUpperCase().slice(-5));
    // Chosen from the disk as a person does (a file given as bytes would be copied into the page by the test tool).
    const path = join(dataDir, `companies-${size}.csv`);
    writeFileSync(path, file);
    await page.goto(`${runtime.url}/company/import`);
    const input = page.getByRole('button', { name: 'Fichier CSV' });
    await input.waitFor();
    await page.waitForFunction(`!document.querySelector('input[type="file"]')?.disabled`);
    // Settled: nothing loading, the page idle a moment.
    await page.waitForTimeout(1000);
    const t0 = (await page.evaluate('performance.now()')) as number;
    await page.locator('input[type="file"]').setInputFiles(path);
    // Usable: the rows are counted, the invalid count is shown and 'Valider' is no longer busy.
    await page.getByTestId('import-invalid').waitFor({ timeout: 600_000 });
    await page.waitForFunction(
      `(() => { const b = [...document.querySelectorAll('button')].find((x) => x.textContent.trim() === 'Valider');
        return b && !b.hasAttribute('data-loading') && !b.disabled; })()`,
      undefined,
      { timeout: 600_000, polling: 100 },
    );
    const figures = (await page.evaluate(`(() => {
      const tasks = window.__longTasks.filter((t) => t.start >= ${t0});
      return {
        list: tasks.map((t) => Math.round(t.start - ${t0}) + '+' + Math.round(t.duration)).join(' '),
        tbt: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
        longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
        tasks: tasks.length,
        usableMs: performance.now() - ${t0},
        heapMb: (performance.memory?.usedJSHeapSize ?? 0) / 1048576,
      };
    })()`)) as Figures;
    console.log(
      `  ${size.toLocaleString('en').padStart(7)} rows (${(file.length / 1048576).toFixed(1)} MB): ` +
        `total blocking time ${Math.round(figures.tbt)} ms, longest task ${Math.round(figures.longest)} ms ` +
        `(${figures.tasks} tasks over 50 ms), usable after ${(figures.usableMs / 1000).toFixed(1)} s, ` +
        `page heap ${Math.round(figures.heapMb)} MB`,
    );
    // IMPORT_PREVIEW_TASKS=1 lists each long task as start+duration (ms from the choice).
    if (process.env.IMPORT_PREVIEW_TASKS) console.log(`    long tasks: ${figures.list}`);
  }
} finally {
  await browser.close();
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
