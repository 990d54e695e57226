/**
 * Benchmark: does a burst of sign-ins delay another tenant's work? A signed-in admin of CLI002 reads its contacts
 * list alone, then while 200 sign-ins arrive at once (unknown e-mails, so each costs a full scrypt check, spread
 * over loopback sources so that the per-source gate lets them all try). Printed: the list's p50/p95 alone and during
 * the burst, and how long the burst took. The password checks run at most two at a time (auth/passwords.ts), so
 * the event loop keeps a core.
 * Run: npm run bench:sign-in
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';

const BURST = 200;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir });
const url = new URL(runtime.url);

const signIn = (email: string, password: string, from: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: '/api/auth/token', method: 'POST', localAddress: from },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setHeader('content-type', 'application/json');
    req.on('error', reject);
    req.end(JSON.stringify({ email, password }));
  });

try {
  const res = await fetch(`${runtime.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@cli002.test', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await res.json()) as { access_token: string };
  const list = async () => {
    const t = performance.now();
    const r = await fetch(`${runtime.url}/api/contacts?filter[type]=recipient&paginate=20`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`list answered ${r.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 20; i++) await list();
  const alone: number[] = [];
  for (let i = 0; i < 50; i++) alone.push(await list());

  const during: number[] = [];
  const started = performance.now();
  let burstMs = 0;
  const burst = Promise.all(
    Array.from({ length: BURST }, (_, i) => signIn(`nobody-${i}@burst.test`, 'wrong-password', `127.0.1.${i % 10}`)),
  ).then((statuses) => {
    burstMs = performance.now() - started;
    return statuses;
  });
  let done = false;
  void burst.then(() => {
    done = true;
  });
  while (!done) during.push(await list());
  const statuses = await burst;
  const tried = statuses.filter((s) => s === 401).length;
  console.log(`Another tenant's contacts list while ${BURST} sign-ins arrive at once (${tried} password checks):`);
  console.log(`  alone:  p50 ${percentile(alone, 50).toFixed(1)} ms, p95 ${percentile(alone, 95).toFixed(1)} ms`);
  console.log(
    `  during: p50 ${percentile(during, 50).toFixed(1)} ms, p95 ${percentile(during, 95).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms (${during.length} requests)`,
  );
  console.log(`  the burst took ${burstMs.toFixed(0)} ms`);
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
