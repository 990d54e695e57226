/**
 * The local webhook receiver: an endpoint a client's system would run, here in the local runtime, so that the demo
 * and the tests see what Cellar delivers. Register `http://localhost:3000/_webhooks/<name>` as an endpoint; every
 * POST is kept as received (the Cellar headers and the body), newest first, readable at /_webhooks (add
 * `?format=json` for the tests). `?fail=<n>` in the registered address makes that name answer 503 to its first n
 * deliveries, as a receiver that is down. It lives in the data directory (so it survives a restart) and keeps the
 * latest 500 deliveries. Local runtime only, like the mailbox.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { LOCAL_ONLY } from './ops';

export const WEBHOOKS_PATH = '/_webhooks';
const KEEP = 500;

interface Received {
  name: string;
  at: string;
  /** The answer given: 200, or 503 while failing on purpose. */
  answered: number;
  headers: Record<string, string>;
  body: string;
}

let box: { file: string; received: Received[]; failed: Map<string, number> } | undefined;

export function openWebhookReceiver(dataDir: string): void {
  const file = join(dataDir, 'webhooks.json');
  const received = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Received[]) : [];
  box = { file, received, failed: new Map() };
}

export function closeWebhookReceiver(): void {
  box = undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function receive(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const name = decodeURIComponent(url.pathname.slice(WEBHOOKS_PATH.length + 1)) || 'default';
  const failFirst = Number(url.searchParams.get('fail') ?? 0);
  const body = await bodyOf(req);
  const failures = box?.failed.get(name) ?? 0;
  const answered = failures < failFirst ? 503 : 200;
  if (answered !== 200) box?.failed.set(name, failures + 1);
  const headers = Object.fromEntries(
    Object.entries(req.headers)
      .filter(([k]) => k.startsWith('cellar-') || k === 'content-type')
      .map(([k, v]) => [k, String(v)]),
  );
  if (box) {
    box.received = [{ name, at: new Date().toISOString(), answered, headers, body }, ...box.received].slice(0, KEEP);
    writeFileSync(box.file, JSON.stringify(box.received));
  }
  res.writeHead(answered, { ...LOCAL_ONLY, 'content-type': 'text/plain; charset=utf-8' });
  res.end(answered === 200 ? 'ok' : 'failing on purpose');
}

function list(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const name = url.searchParams.get('name');
  const received = (box?.received ?? []).filter((r) => !name || r.name === name);
  if (url.searchParams.get('format') === 'json') {
    res.writeHead(200, {
      ...LOCAL_ONLY,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(JSON.stringify(received));
    return;
  }
  const items = received
    .slice(0, 100)
    .map(
      (
        r,
      ) => `<article data-testid="delivery"><header><strong>${escapeHtml(r.headers['cellar-event-type'] ?? '')}</strong>
→ ${escapeHtml(r.name)} · ${escapeHtml(r.at)} · answered ${r.answered}</header>
<pre>${escapeHtml(
        Object.entries(r.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      )}\n\n${escapeHtml(r.body)}</pre></article>`,
    )
    .join('\n');
  res.writeHead(200, { ...LOCAL_ONLY, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cellar – local webhook receiver</title>
<style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}</style>
</head><body><h1>Local webhook receiver</h1><p>Register <code>http://${escapeHtml(req.headers.host ?? 'localhost')}${WEBHOOKS_PATH}/&lt;name&gt;</code> as a webhook endpoint: what Cellar delivered to it shows here, newest first. This page exists in the local runtime only.</p>${items || '<p>Nothing delivered yet.</p>'}</body></html>`);
}

export async function serveWebhooks(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'POST' && url.pathname.startsWith(`${WEBHOOKS_PATH}/`)) return receive(req, res, url);
  if (req.method === 'GET' && url.pathname === WEBHOOKS_PATH) return list(req, res, url);
  res.writeHead(405, { ...LOCAL_ONLY, allow: 'GET, POST' });
  res.end();
}
