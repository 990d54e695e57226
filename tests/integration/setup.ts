/**
 * Each integration file leaves the process's environment as it found it: the files share their worker's modules
 * (vitest.config.ts), and a runtime started by one, or a test's own setting, must not reach the next file.
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
});
