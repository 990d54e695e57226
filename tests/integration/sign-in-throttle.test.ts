/**
 * Sign-in throttling that holds under parallel guessing (issue 12): an attempt is reserved before the password is
 * checked, so parallel guesses cannot all slip past the count; one source cannot spray many accounts; a lock backs
 * off instead of starting at its longest, and the account's owner lifts it with a reset link.
 *
 * Its own runtime: the per-source limit would otherwise stop the other files' sign-ins from this machine.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

/**
 * A sign-in sent from a loopback address of its own (127.0.0.x): each test is its own source, as the gateway
 * sees it (the socket's address, never a header the client writes).
 */
const guess = (email: string, password: string, from = '127.0.0.1') =>
  post('/api/auth/token', { email, password }, from);

const post = (path: string, body: unknown, from: string) =>
  new Promise<{ status: number; body: { message?: string }; headers: Headers }>((resolve, reject) => {
    const url = new URL(path, h.url);
    const req = request(
      url,
      { method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'accept-language': 'en' } },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, headers });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

describe('Sign-in throttling', () => {
  it('lets 200 parallel guesses at one account try at most five passwords', async () => {
    const email = 'user@cli001.test';
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => guess(email, `wrong-${i}`, '127.0.0.2')));
    const tried = answers.filter((a) => a.status === 401).length;
    const refused = answers.filter((a) => a.status === 429).length;
    expect(tried).toBeLessThanOrEqual(5);
    expect(tried + refused).toBe(200);
    // Locked now, even with the right password.
    expect((await guess(email, 'Cellar-demo-2026', '127.0.0.2')).status).toBe(429);
  });

  it('backs off: the first lock is short, and a reset link lifts it', async () => {
    const email = 'reader@cli001.test';
    for (let i = 0; i < 5; i++) expect((await guess(email, 'wrong', '127.0.0.3')).status).toBe(401);
    const locked = await guess(email, 'Cellar-demo-2026', '127.0.0.3');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    // Two minutes from the fifth refusal, counted in whole seconds: a second may have turned since it was set.
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(118);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(120);
    // The owner does not wait: a reset link lifts the lock.
    await h.call('POST', '/api/auth/password/email', { body: { email } });
    const [link] = await h.mailboxLinks(email);
    const password = 'Vendanges2026';
    const reset = await h.call('POST', '/api/auth/password/reset', {
      body: { email, token: link?.searchParams.get('token'), password, password_confirmation: password },
    });
    expect(reset.status).toBe(200);
    expect((await guess(email, password, '127.0.0.3')).status).toBe(200);
  });

  it('stops one source spraying guesses over many accounts', async () => {
    const answers = [];
    for (let i = 0; i < 35; i++) answers.push((await guess(`nobody-${i}@spray.test`, 'wrong', '127.0.0.4')).status);
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(answers.slice(30).every((s) => s === 429)).toBe(true);
    // A real account from that source is refused too, until the source's window is over.
    expect((await guess('admin@cli001.test', 'Cellar-demo-2026', '127.0.0.4')).status).toBe(429);
    // Another source is not held up.
    expect((await guess('admin@cli001.test', 'Cellar-demo-2026', '127.0.0.5')).status).toBe(200);
  });

  it('limits reset e-mails per address and per source, alike for addresses with and without an account', async () => {
    const ask = (email: string, from: string) => post('/api/auth/password/email', { email }, from);
    for (const email of ['admin@cli002.test', 'nobody@reset.test']) {
      for (let i = 0; i < 3; i++) expect((await ask(email, '127.0.0.6')).status).toBe(200);
      const refused = await ask(email, '127.0.0.7');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many reset requests. Try again in 15 minutes.');
    }
    // Only three links were sent to the real account.
    expect((await h.mailboxLinks('admin@cli002.test')).length).toBe(3);
    const spread = [];
    for (let i = 0; i < 11; i++) spread.push((await ask(`someone-${i}@reset.test`, '127.0.0.8')).status);
    expect(spread.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(spread[10]).toBe(429);
  });
});
