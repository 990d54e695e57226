/**
 * `npm start`'s flags (infra/local/start.ts): a value it cannot use is refused before anything starts, with a
 * message naming the flag, rather than read as something else (a step of NaN ms plays every step at once). A start
 * that fails half-way (its port taken) stops what it had started, and `npm start` says which port to change.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startRuntime } from '../../infra/local/runtime';
import { seededCopy } from './harness';

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

describe('a start that fails half-way', () => {
  it('tells `npm start` which port to change when its own is taken', async () => {
    const taken = createServer();
    await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok));
    const port = (taken.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'cellar-busy-'));
    try {
      const run = await new Promise<{ status: number | null; stderr: string }>((done) => {
        const child = spawn('npx', ['tsx', 'infra/local/start.ts', '--port', String(port), '--data-dir', dataDir], {
          cwd: ROOT,
          timeout: 60_000,
        });
        let stderr = '';
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.on('close', (status) => done({ status, stderr }));
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(`Port ${port} is taken`);
      expect(run.stderr).toContain(`npm start -- --port ${port + 1}`);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops what it had started (emulators, queue workers, servers) and says why', async () => {
    const taken = createServer();
    await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok));
    const port = (taken.address() as { port: number }).port;
    const dataDir = seededCopy('cellar-busy-');
    const before = process.getActiveResourcesInfo();
    try {
      // The port is taken once the emulators, the queues' workers and the mailbox are up: all of them must stop.
      await expect(startRuntime({ port, dataDir, log: () => {} })).rejects.toThrow(/EADDRINUSE/);
      await new Promise((r) => setTimeout(r, 200));
      const left = process.getActiveResourcesInfo();
      const count = (list: string[]) => {
        const n: Record<string, number> = {};
        for (const kind of list) n[kind] = (n[kind] ?? 0) + 1;
        return n;
      };
      // Nothing more of any kind than before it (fewer: the previous test's handles closing meanwhile).
      const had = count(before);
      expect(Object.entries(count(left)).filter(([kind, n]) => n > (had[kind] ?? 0))).toEqual([]);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
