/** Starts the local runtime on a throw-away data directory and speaks HTTP to it, as the SPA does. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeImportFile, parseImportText } from '@cellar/shared/imports/file';
import type { ImportJob, ImportStart, UploadTicket } from '@cellar/shared/imports/schemas';
import { type Runtime, startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface Harness {
  runtime: Runtime;
  url: string;
  call<T = any>(
    method: string,
    path: string,
    opts?: {
      token?: string;
      body?: unknown;
      lang?: string;
      headers?: Record<string, string>;
      raw?: string;
      form?: FormData;
    },
  ): Promise<Answer<T>>;
  login(email: string): Promise<string>;
  /** The links of the e-mails the local mailbox holds for an address, newest first. */
  mailboxLinks(email: string): Promise<URL[]>;
  /** Replaces the session `login` keeps for an account (after a password reset has ended the previous one). */
  remember(email: string, token: string): void;
  stop(): Promise<void>;
}

export async function startHarness(
  options: { seed?: boolean; importVisibilityTimeout?: number; warehouseDelayMs?: number } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cellar-it-'));
  const runtime = await startRuntime({
    port: 0,
    dataDir,
    seed: options.seed ?? true,
    importVisibilityTimeout: options.importVisibilityTimeout,
    warehouseDelayMs: options.warehouseDelayMs,
  });
  const tokens = new Map<string, string>();
  const call: Harness['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined = opts.form ?? opts.raw;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(runtime.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // CSV and other text answers stay as text.
    }
    return { status: res.status, body: parsed as never, headers: res.headers, text };
  };
  return {
    runtime,
    url: runtime.url,
    call,
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
      const html = await (await fetch(`${runtime.url}/_mailbox`)).text();
      return html
        .split('<article')
        .slice(1)
        .filter((a) => a.includes(`>${email}<`))
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

/** The rows of an import file as the browser counts them: its records, the header and comments not counted. */
export function countRows(file: string | Uint8Array): number {
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
  try {
    return Math.max(0, parseImportText(decodeImportFile(bytes)).length - 1);
  } catch {
    return 1;
  }
}

/** S3's answer to a presigned POST. */
export interface UploadAnswer {
  status: number;
  text: string;
  /** S3's error code (`EntityTooLarge`, `AccessDenied`…) when it refused. */
  code?: string;
}

/**
 * Posts a file with a presigned POST as the browser does: the ticket's fields (`fields` changes or adds some,
 * `undefined` drops one), then the file last. `origin` is the page's, for the bucket's CORS rule.
 */
export async function postFile(
  ticket: UploadTicket,
  file: string | Uint8Array,
  o: { fields?: Record<string, string | undefined>; origin?: string } = {},
): Promise<UploadAnswer & { headers: Headers }> {
  const form = new FormData();
  const fields: Record<string, string | undefined> = { ...ticket.fields, ...o.fields };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
  form.append('file', new Blob([file], { type: 'text/csv' }), 'import.csv');
  const res = await fetch(ticket.url, { method: 'POST', body: form, headers: o.origin ? { origin: o.origin } : {} });
  const text = await res.text();
  return { status: res.status, text, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1], headers: res.headers };
}

export interface ImportOptions {
  /** The screen's choices (type, owner, warehouse, segment). */
  fields?: Record<string, string>;
  lang?: 'fr' | 'en';
  /** What the browser declares; by default the file's own size and rows. */
  size?: number;
  rows?: number;
}

/**
 * One import as the SPA runs it, the one way the tests import: `POST /api/csv/{template}` with the choices and the
 * file's size and rows, then the file posted to S3 with the answer's presigned POST. Answers the request's status
 * and body (the queued job, or the refusal); a refused upload fails the test.
 */
export async function importFile(
  h: Pick<Harness, 'call'>,
  token: string,
  template: string,
  file: string | Uint8Array,
  o: ImportOptions = {},
): Promise<Answer<ImportJob> & { upload?: UploadTicket }> {
  const size = o.size ?? (typeof file === 'string' ? new TextEncoder().encode(file).byteLength : file.byteLength);
  const res = await h.call<ImportStart>('POST', `/api/csv/${template}`, {
    token,
    lang: o.lang,
    body: { ...o.fields, size, rows: o.rows ?? countRows(file) },
  });
  if (res.status !== 201) return res as unknown as Answer<ImportJob>;
  const sent = await postFile(res.body.upload, file);
  if (sent.status !== 204) throw new Error(`upload refused: ${sent.status} ${sent.text}`);
  return { ...res, body: res.body.job, upload: res.body.upload };
}
