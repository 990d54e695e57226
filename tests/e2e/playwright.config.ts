/**
 * Browser tests in Debian's Chromium against the local runtime, started on a throw-away data dir (fresh demo
 * data each run) after a build of the SPA it serves. E2E_BASE_URL points the tests at a runtime already running.
 * Once the runtime answers, the global setup signs each demo account in (global-setup.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: `${ROOT}/test-results/e2e`,
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: external
    ? undefined
    : {
        command: `npm run build -w web && npx tsx infra/local/start.ts --port ${PORT} --data-dir .cellar/e2e --reset --warehouse acknowledge --warehouse-step-ms 1500`,
        cwd: ROOT,
        url: `http://127.0.0.1:${PORT}/api/health`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
