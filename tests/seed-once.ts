/**
 * Seeds the demo once for a whole test run (`tests/run-all.sh`): the integration files (global-setup.ts) and the
 * browser tests' runtimes (playwright.config.ts) each start from a copy of this data directory, named by
 * CELLAR_TEST_SEED, instead of seeding it again (a seeded start costs about 40 s of CPU; a copy, a second).
 * Usage: tsx tests/seed-once.ts <data-dir>
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startRuntime } from '../infra/local/runtime';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: tsx tests/seed-once.ts <data-dir>');
  process.exit(2);
}
const dataDir = resolve(dir);
const runtime = await startRuntime({ port: 0, dataDir, reset: true, seed: true, log: () => {} });
await runtime.stop();
if (!existsSync(join(dataDir, 'seeded'))) {
  console.error(`The demo was not seeded in ${dataDir}`);
  process.exit(1);
}
process.exit(0);
