/**
 * Benchmark: the import's upload at full size through the local runtime: the JSON request (→ gateway → imports
 * Lambda → job and presigned POST), then a 100,000-row recipients file (about 15 MB) posted to the S3 endpoint
 * (policy checked, stored by s3rver, S3 event to the import queue). The worker's own rate is bench:imports'.
 * Run: npm run bench:import-upload  (prints the figures; a throw-away directory with the demo seed)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORT_MAX_ROWS } from '@cellar/shared/imports/templates';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { httpCall, postFile } from '../fixtures/http';

const dir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir: dir, seed: true });
try {
  const call = httpCall(runtime.url);
  const login = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: 'user@cli001.test', password: DEMO_PASSWORD },
  });
  const token = login.body.access_token;
  const me = await call<{ warehouses: { id: string }[] }>('GET', '/api/auth/user?include=warehouses', { token });
  const lines = ['code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise'];
  for (let i = 1; i <= IMPORT_MAX_ROWS; i++)
    lines.push(
      `UP${String(i).padStart(6, '0')};oui;Cave du Port numéro ${i};;${i} rue du Port;Bâtiment B;33000;Bordeaux;FR;cave${i}@example.com;0556000000;;`,
    );
  const file = new TextEncoder().encode(lines.join('\r\n'));
  console.log('| rows | file | request (job + ticket) | upload to the S3 endpoint | MB/s |');
  console.log('|---|---|---|---|---|');
  // One run: the S3 event starts the worker on the file, whose work would weigh on a second measure.
  for (let run = 0; run < 1; run++) {
    const asked = performance.now();
    const res = await call<{ upload: Parameters<typeof postFile>[0] }>('POST', '/api/csv/contact', {
      token,
      body: {
        type: 'recipient',
        warehouse: me.body.warehouses[0]?.id,
        segment: 'B2B',
        size: file.byteLength,
        rows: IMPORT_MAX_ROWS,
      },
    });
    if (res.status !== 201) throw new Error(`request: ${res.status} ${res.text}`);
    const requestMs = performance.now() - asked;
    const started = performance.now();
    const sent = await postFile(res.body.upload, file);
    const uploadMs = performance.now() - started;
    if (sent.status !== 204) throw new Error(`upload: ${sent.status} ${sent.text}`);
    const mb = file.byteLength / 1024 / 1024;
    console.log(
      `| ${IMPORT_MAX_ROWS.toLocaleString('en')} | ${mb.toFixed(1)} MB | ${requestMs.toFixed(0)} ms | ${uploadMs.toFixed(0)} ms | ${(mb / (uploadMs / 1000)).toFixed(1)} |`,
    );
  }
} finally {
  await runtime.stop();
  rmSync(dir, { recursive: true, force: true });
}
