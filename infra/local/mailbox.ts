/**
 * The local mailbox: the inbox the local runtime delivers e-mail to, where SES would deliver it in AWS — the
 * messages as sent, links included, readable by a person at /_mailbox, newest first. It lives in the data directory
 * (so it survives a restart) and keeps the latest 200 messages. The product's own outbox record, like in AWS, keeps
 * only a redacted copy.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type Mail, useMailTransport } from '@cellar/functions/platform/messaging/mail';
import { LOCAL_ONLY } from './ops';

export const MAILBOX_PATH = '/_mailbox';
const KEEP = 200;

interface Delivered extends Mail {
  at: string;
}

let inbox: { file: string; mails: Delivered[] } | undefined;

/** Opens the data directory's mailbox and makes it where the handlers' e-mails go. */
export function openMailbox(dataDir: string): void {
  const file = join(dataDir, 'mailbox.json');
  const mails = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Delivered[]) : [];
  const box = { file, mails };
  inbox = box;
  useMailTransport(async (mail) => {
    box.mails = [{ ...mail, at: new Date().toISOString() }, ...box.mails].slice(0, KEEP);
    writeFileSync(box.file, JSON.stringify(box.mails));
  });
}

export function closeMailbox(): void {
  inbox = undefined;
  useMailTransport(undefined);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

export async function serveMailbox(res: ServerResponse): Promise<void> {
  const mails = (inbox?.mails ?? []).slice(0, 50);
  const body = mails.length
    ? mails
        .map(
          (m) => `<article data-testid="mail"><header><strong>${escapeHtml(m.subject)}</strong><br>
To: <span data-testid="mail-to">${escapeHtml(m.to)}</span> · ${escapeHtml(m.at)}</header><pre>${linkify(m.text)}</pre></article>`,
        )
        .join('\n')
    : '<p>No e-mail yet.</p>';
  res.writeHead(200, { ...LOCAL_ONLY, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cellar – local mailbox</title>
<style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Local mailbox</h1><p>E-mails the local runtime delivered, newest first. This page exists in the local runtime only: in AWS, SES delivers them.</p>${body}</body></html>`);
}
