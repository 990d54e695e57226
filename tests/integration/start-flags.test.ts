/**
 * `npm start`'s flags (infra/local/start.ts): a value it cannot use is refused before anything starts, with a
 * message naming the flag, rather than read as something else (a step of NaN ms plays every step at once).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const start = (...args: string[]) =>
  spawnSync('npx', ['tsx', 'infra/local/start.ts', '--port', '0', '--data-dir', '/nonexistent/never', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm start', () => {
  it.each([
    [['--warehouse', 'sometimes'], '--warehouse is all, acknowledge or none'],
    [['--warehouse-step-ms', 'abc'], '--warehouse-step-ms is a whole number of milliseconds'],
    [['--warehouse-step-ms='], '--warehouse-step-ms is a whole number of milliseconds'],
    [['--warehouse-step-ms', '1.5'], '--warehouse-step-ms is a whole number of milliseconds'],
    [['--warehouse-discrepancies', '1.5'], '--warehouse-discrepancies is a share from 0 to 1'],
    [['--warehouse-discrepancies='], '--warehouse-discrepancies is a share from 0 to 1'],
  ])('refuses %j before starting anything', (args, message) => {
    const run = start(...args);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
