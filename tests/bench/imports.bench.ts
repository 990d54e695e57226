/**
 * Benchmark: CSV imports through the local runtime (the JSON request → gateway → imports Lambda; the file posted
 * to S3 with its presigned POST → S3 event → SQS poller → worker → dynalite), for recipient files of 1,000 and 5,000 rows (the most one import takes), and the check the browser
 * runs on every row before it sends the file (the shared template rules, in this process).
 * Run: npm run bench:imports  (prints the figures; starts the runtime on a throw-away directory with the demo seed)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkRows, type ImportRow, importContext, importHeader } from '@cellar/shared/imports/templates';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed';
import { httpCall, importFile } from '../fixtures/http';

const SIZES = [1_000, 5_000];
const EMAIL = 'user@cli001.test';

function rows(n: number, tag: string): ImportRow[] {
  return Array.from({ length: n }, (_, i) => ({
    code: `B${tag}${String(i).padStart(5, '0')}`,
    is_company: 'oui',
    company: `Cave ${i}`,
    name: '',
    street: `${i} rue du Port`,
    details: '',
    postcode: '33000',
    city: 'Bordeaux',
    country: 'FR',
    email: `cave${i}@example.com`,
    phone: '0556000000',
    siret: '',
    excise: '',
  }));
}

const dir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir: dir, seed: true });
try {
  const call = async (path: string, init: RequestInit = {}): Promise<any> => {
    const res = await fetch(runtime.url + path, init);
    const body = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const { access_token: token } = await call('/api/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
  });
  const auth = { authorization: `Bearer ${token}` };
  const me = await call('/api/auth/user?include=warehouses', { headers: auth });
  const warehouse = me.warehouses[0];
  const ctx = importContext({
    template: 'contact',
    type: 'recipient',
    importer: { role: 2, scope: me.scope },
    ownerId: me.companyId,
    warehouseId: warehouse.id,
    segment: 'B2B',
    warehouses: me.warehouses,
  });
  const header = importHeader(ctx);

  console.log('| rows | browser check | request + upload to S3 | worker, request to done | rows/s |');
  console.log('|---|---|---|---|---|');
  for (const [i, n] of SIZES.entries()) {
    const data = rows(n, String(i));
    const checkStart = performance.now();
    const checked = checkRows(ctx, data);
    const checkMs = performance.now() - checkStart;
    if (checked.invalid) throw new Error(`${checked.invalid} invalid rows`);
    const csv = [header.join(';'), ...data.map((r) => header.map((h) => r[h] ?? '').join(';'))].join('\r\n');
    const started = performance.now();
    const asked = await importFile({ call: httpCall(runtime.url) }, token, 'contact', csv, {
      fields: { type: 'recipient', warehouse: warehouse.id, segment: 'B2B' },
    });
    if (asked.status !== 201) throw new Error(`import request: ${asked.status} ${asked.text}`);
    const job = asked.body;
    const uploadMs = performance.now() - started;
    let status = job;
    while (status.status !== 'done' && status.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 100));
      status = await call(`/api/imports/${job.id}`, { headers: auth });
    }
    const totalMs = performance.now() - started;
    if (status.created !== n) throw new Error(`created ${status.created} of ${n}: ${JSON.stringify(status.errors)}`);
    console.log(
      `| ${n.toLocaleString('en')} | ${checkMs.toFixed(0)} ms | ${uploadMs.toFixed(0)} ms | ${(totalMs / 1000).toFixed(1)} s | ${Math.round(n / (totalMs / 1000))} |`,
    );
  }
} finally {
  await runtime.stop();
  rmSync(dir, { recursive: true, force: true });
}
