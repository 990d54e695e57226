import { defineConfig } from 'vitest/config';

/**
 * Four projects: fast unit tests next to the code, the SPA's tests in happy-dom, API integration tests through the
 * local runtime, and CDK assertion tests. Browser tests run with Playwright (tests/e2e).
 * The unit, web and infrastructure files share their workers' module graph (`isolate: false`): isolated, each file
 * imported its own copy of zod, React, Mantine or aws-cdk-lib, which was most of these projects' CPU (import 159 s
 * of 267 CPU-s). Their tests hold no state across files (a file that stubs restores in its own hooks); the
 * integration files stay isolated, each on its own runtime whose endpoints its modules read when loaded.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'infra/local/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test-setup.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
