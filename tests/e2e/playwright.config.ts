/**
 * Browser tests in Debian's Chromium against the local runtime, started on a throw-away data dir (fresh demo
 * data each run) after a build of the SPA it serves; beside it, on the next port, a second runtime whose simulated
 * warehouse plays everything, for the warehouse loop's spec (runtimes.ts says which is which, and the variables
 * that point the tests at runtimes already running: E2E_BASE_URL, E2E_LOOP_BASE_URL).
 * Once the runtimes answer, the global setup signs each demo account in on the main one (global-setup.ts).
 * Each runtime's data directory, the sessions and the test results are named by its port: the test command runs
 * the suite in two shards side by side (tests/run-all.sh), each on runtimes of its own.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { BASE_URL, LOOP_PORT, PORT, STARTS_LOOP } from './runtimes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The browser the specs run in (tests/e2e/ensure-chromium.sh installs it). */
const CHROMIUM = '/usr/bin/chromium-headless-shell';
const external = process.env.E2E_BASE_URL;

/** How a runtime is started and awaited; `command` is what differs. */
const runtime = (command: string, port: number) => ({
  command,
  cwd: ROOT,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: !process.env.CI,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});
/**
 * A runtime on a fresh demo: a copy of the one the test command seeded for the whole run (CELLAR_TEST_SEED,
 * tests/seed-once.ts), or seeded afresh (--reset) when the browser tests run on their own.
 */
const seed = process.env.CELLAR_TEST_SEED;
const start = (port: number, dataDir: string, warehouse: string) =>
  `${seed ? `rm -rf ${dataDir} && cp -r ${seed} ${dataDir} && ` : ''}npx tsx infra/local/start.ts --port ${port} --data-dir ${dataDir}${seed ? '' : ' --reset'} ${warehouse} --warehouse-step-ms 1500`;
/** The SPA the runtimes serve, built unless the test command built it already (E2E_SPA_BUILT). */
const build = process.env.E2E_SPA_BUILT ? '' : 'npm run build -w web && ';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The specs a run leaves to another beside it (the test command runs the accessibility walks apart).
  testIgnore: process.env.E2E_IGNORE ? process.env.E2E_IGNORE.split(',') : [],
  outputDir: `${ROOT}/test-results/e2e-${PORT}`,
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      // Debian's headless shell: Chromium without the browser's own interface, what Playwright's own headless
      // runs use. The full browser (/usr/bin/chromium) cost a third more CPU for the same specs.
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1400, height: 900 },
    // The site's service worker (web/vite.config.ts) would answer navigations from its copy, where the specs watch
    // and hold the network; repeat-visit.spec.ts lets it in, to test it.
    serviceWorkers: 'block',
    // A trace records a screenshot of every frame: kept for every test, it was half of the browser specs' CPU.
    // It is taken when a failed test runs again (CI's retry); E2E_TRACE=on takes it for a run being debugged.
    trace: (process.env.E2E_TRACE as 'on' | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: [
    ...(external ? [] : [runtime(`${build}${start(PORT, `.cellar/e2e-${PORT}`, '--warehouse acknowledge')}`, PORT)]),
    // The loop's runtime builds nothing: it serves web/dist as the main one does, file by file as asked, and no
    // test starts before every runtime answers, the build done (Playwright starts them one after the other, in
    // this order, each once the one before answers).
    ...(STARTS_LOOP
      ? [
          runtime(
            start(LOOP_PORT, `.cellar/e2e-${LOOP_PORT}`, '--warehouse all --warehouse-discrepancies 1'),
            LOOP_PORT,
          ),
        ]
      : []),
  ],
});
