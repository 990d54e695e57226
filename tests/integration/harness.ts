/**
 * Starts the local runtime on a throw-away data directory and speaks HTTP to it, as the SPA does. A seeded start
 * copies the demo the global setup seeded once (`global-setup.ts`).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { type Runtime, type RuntimeOptions, startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import type { Call } from '../fixtures/http';
import { mailsTo } from '../fixtures/mailbox';
import { type Contract, openContract } from './contract';

export { type Answer, countRows, httpCall, importFile, postFile } from '../fixtures/http';

export interface Harness {
  runtime: Runtime;
  url: string;
  /** HTTP to the runtime as the SPA speaks it, each exchange checked against the published contract. */
  call: Call;
  /** fetch of a path of the runtime (a file answered), checked against the published contract too. */
  fetch: Contract['fetch'];
  /** The published contract every exchange of `call` and `fetch` is checked against (./contract.ts). */
  contract: Contract;
  login(email: string): Promise<string>;
  /** The links of the e-mails the local mailbox holds for an address, newest first. */
  mailboxLinks(email: string): Promise<URL[]>;
  /** Replaces the session `login` keeps for an account (after a password reset has ended the previous one). */
  remember(email: string, token: string): void;
  /** Stops the runtime, then fails if an exchange broke the published contract. */
  stop(): Promise<void>;
}

/** A throw-away data directory holding the seeded demo (a copy of the one the global setup seeded). */
export function seededCopy(prefix = 'cellar-it-'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(inject('seededData'), dataDir, { recursive: true });
  return dataDir;
}

export async function startHarness(
  options: Pick<RuntimeOptions, 'seed' | 'importVisibilityTimeout' | 'warehouse' | 'workerTimeoutSeconds'> = {},
): Promise<Harness> {
  const dataDir = (options.seed ?? true) ? seededCopy() : mkdtempSync(join(tmpdir(), 'cellar-it-'));
  const runtime = await startRuntime({
    port: 0,
    dataDir,
    seed: options.seed ?? true,
    importVisibilityTimeout: options.importVisibilityTimeout,
    // The warehouse acknowledges what is sent and goes no further, unless a test asks: a test's order stays put.
    warehouse: options.warehouse ?? { stepMs: 1500, plays: 'acknowledge' },
    workerTimeoutSeconds: options.workerTimeoutSeconds,
    // The sweep runs once at start and then only when a test calls it: a timed sweep would finish a change a test
    // has just left half-applied on purpose, before it looks (a race that only a loaded machine loses).
    sweepEveryMs: 0,
  });
  const tokens = new Map<string, string>();
  const contract = openContract(runtime.url);
  const { call } = contract;
  return {
    runtime,
    url: runtime.url,
    call,
    fetch: contract.fetch,
    contract,
    async login(email) {
      const known = tokens.get(email);
      if (known) return known;
      const res = await call<{ access_token: string }>('POST', '/api/auth/token', {
        body: { email, password: DEMO_PASSWORD },
      });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
      tokens.set(email, res.body.access_token);
      return res.body.access_token;
    },
    async mailboxLinks(email) {
      return (await mailsTo(runtime.url, email))
        .map((a) => a.match(/href="([^"]+)"/)?.[1])
        .filter((href): href is string => !!href)
        .map((href) => new URL(href.replace(/&amp;/g, '&')));
    },
    remember(email, token) {
      tokens.set(email, token);
    },
    async stop() {
      await runtime.stop();
      rmSync(dataDir, { recursive: true, force: true });
      // In the file's afterAll: the file fails, listing what the API answered off its contract.
      contract.verify();
    },
  };
}

export const ADMIN1 = 'admin@cli001.test';
export const USER1 = 'user@cli001.test';
export const READER1 = 'reader@cli001.test';
export const ADMIN2 = 'admin@cli002.test';
export const SUPER = 'superadmin@cellar.test';

/** Polls `probe` until it answers something (a job finished, a log line written), or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An import job made to read as if its worker had died at row 0, before any checkpoint: running, nothing counted.
 * Any delivery of its notification then resumes it.
 */
export const asIfDiedAtRowZero = (ddb: DynamoDBDocumentClient, jobId: string) =>
  ddb.send(
    new UpdateCommand({
      TableName: 'cellar',
      Key: { PK: `IMPORT#${jobId}`, SK: 'IMPORT' },
      UpdateExpression: 'SET #s = :running, #p = :0, #c = :0, #f = :0, #e = :none',
      ExpressionAttributeNames: { '#s': 'status', '#p': 'processed', '#c': 'created', '#f': 'failed', '#e': 'errors' },
      ExpressionAttributeValues: { ':running': 'running', ':0': 0, ':none': [] },
    }),
  );
