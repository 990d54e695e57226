/**
 * Seeds the demo once for every integration file: each harness starts its runtime on a copy of this data directory
 * (the runtime finds it seeded and does not seed again). A seeded start costs about 40 s of CPU; a copy, a second.
 * Under the test command the demo is seeded once for the whole run (tests/seed-once.ts, CELLAR_TEST_SEED) and
 * only copied here.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startRuntime } from '../../infra/local/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding the seeded demo, to copy (never to run on). */
    seededData: string;
  }
}

export default async function setup(project: TestProject) {
  const shared = process.env.CELLAR_TEST_SEED;
  if (shared && existsSync(join(shared, 'seeded'))) {
    project.provide('seededData', shared);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cellar-seeded-'));
  const runtime = await startRuntime({ port: 0, dataDir, seed: true, log: () => {} });
  await runtime.stop();
  project.provide('seededData', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
