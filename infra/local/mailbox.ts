/**
 * The local mailbox: what the product would have e-mailed (first-login and reset links), readable by a person
 * at /_mailbox, newest first. Local runtime only; in AWS the same outbox entries are sent through SES.
 */
import type { ServerResponse } from 'node:http';
import { readOutbox } from '@cellar/functions/platform/mail';

export const MAILBOX_PATH = '/_mailbox';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

export async function serveMailbox(res: ServerResponse): Promise<void> {
  const mails = await readOutbox(50);
  const body = mails.length
    ? mails
        .map(
          (m) => `<article data-testid="mail"><header><strong>${escapeHtml(m.subject)}</strong><br>
To: <span data-testid="mail-to">${escapeHtml(m.to)}</span> · ${escapeHtml(m.createdAt)}</header><pre>${linkify(m.text)}</pre></article>`,
        )
        .join('\n')
    : '<p>No e-mail yet.</p>';
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cellar – local mailbox</title>
<style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Local mailbox</h1><p>E-mails the local runtime would have sent, newest first.</p>${body}</body></html>`);
}
