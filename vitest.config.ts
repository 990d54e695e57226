import { defineConfig } from 'vitest/config';

/**
 * Four projects: fast unit tests next to the code, the SPA's tests in happy-dom, API integration tests through the
 * local runtime, and CDK assertion tests. Browser tests run with Playwright (tests/e2e).
 * The unit and infrastructure files share their workers' module graph (`isolate: false`): isolated, each file
 * imported its own copy of zod, the AWS SDK or aws-cdk-lib, most of these projects' CPU. Their tests hold no state
 * across files (a file that stubs restores in its own hooks). So do the SPA's files, each on an empty document and
 * storage with the app's own modules evaluated afresh (web/src/test-reset.ts), its roots and Mantine's shared portal
 * node removed after each test (web/src/testing/dom.tsx). So do the integration files, each on a runtime of its own:
 * the functions' clients and caches are made again for another runtime's endpoints (functions/src/config/
 * on-first-use.ts), and each file leaves the environment as it found it (tests/integration/setup.ts); a file that
 * reads a module's state made at import runs alone (INTEGRATION_ALONE).
 * Two files run at once, whatever the project: vitest's default on two cores is one worker, which left a core idle
 * whenever a file waited on a queue or a runtime, and the integration files one after the other for minutes after
 * the browser tests had ended.
 */
/** The integration files that read a module's state made at import (the logger's level): each in a worker of its own. */
const INTEGRATION_ALONE = ['tests/integration/observability.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'infra/local/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // A bound for a test that hangs, not a speed check: vitest's 5 s failed a schema compilation at load 15.
          testTimeout: 60_000,
          // Hooks start emulators (the DynamoDB thread, the S3 front): the same bound.
          hookTimeout: 60_000,
        },
      },
      {
        // The SPA's files share their worker's packages (React, Mantine, zod, happy-dom): each starts on an empty
        // document and storage with the app's own modules evaluated afresh (test-reset.ts), and the roots a file
        // renders are unmounted after each of its tests (testing/dom.tsx).
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          pool: 'threads',
          isolate: false,
          setupFiles: ['web/src/test-reset.ts', 'web/src/test-setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: INTEGRATION_ALONE,
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          isolate: false,
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration-alone',
          include: INTEGRATION_ALONE,
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 120_000,
          // A hook that starts a local runtime (local-parity.test.ts): vitest's 10 s failed it at load 4.
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
