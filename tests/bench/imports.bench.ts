/**
 * Benchmark: the import worker at real sizes, against the emulator's own rate for the same writes, in one run.
 *
 * - Raw: the writes one recipient row makes (over up to 20,000 rows) (its search words in BatchWriteItem calls of 25, then the contact item
 *   as a PutItem conditional on `attribute_not_exists(PK)`), built with the entity's own item builder and issued
 *   directly with the SDK, chunk by chunk at the worker's concurrency, into an account of their own.
 * - Worker: a recipient file of 10,000 and of 100,000 rows through the local runtime (HTTP → gateway → imports
 *   Lambda → S3 → SQS poller → worker → dynalite), timed from the worker's start (`job.startedAt`) to its end
 *   (`finishedAt`); the whole wait from the upload is printed beside it. Peak RSS and heap of the process (the
 *   runtime, emulators included, runs in it) are sampled every 50 ms during each import, beside the idle figures
 *   before it.
 * The rows are short (under 60 bytes); `uploadFile` is the one place that sends a file (the JSON request, then the
 * file posted to S3 with its presigned POST).
 * Run: npm run bench:imports  (prints the figures; starts the runtime on a throw-away directory with the demo seed)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_TABLE_NAME } from '@cellar/functions/config/topology';
import { contactRecords } from '@cellar/functions/contacts/repository';
import { CHUNK_ROWS } from '@cellar/functions/imports/worker';
import { addressFields } from '@cellar/shared/common/address';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import pLimit from 'p-limit';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { httpCall, importFile } from '../fixtures/http';

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '10000,100000').split(',').map(Number);
/** As many as the worker writes at once (WRITE_CONCURRENCY in worker.ts). */
const CONCURRENCY = 24;
const EMAIL = 'user@cli001.test';
const RAW_ROWS = 20_000;
const HEADER = 'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise';

const line = (tag: string, i: number) =>
  `B${tag}${String(i).padStart(6, '0')};oui;Cave ${i};;${i} rue Port;;64000;Pau;FR;;;;`;

const dir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir: dir, seed: true });
const env = runtime.env as Record<string, string>;
const TABLE = LOCAL_TABLE_NAME;
const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

/** Peak RSS, heap and external memory of this process while `run` runs, sampled every 50 ms. */
async function sampled<T>(run: () => Promise<T>): Promise<{ value: T; rss: number; heap: number; external: number }> {
  let rss = 0;
  let heap = 0;
  let external = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
    external = Math.max(external, m.external);
  };
  const timer = setInterval(sample, 50);
  try {
    sample();
    const value = await run();
    sample();
    return { value, rss, heap, external };
  } finally {
    clearInterval(timer);
  }
}

/** The raw rate: a recipient row's writes issued directly, chunk by chunk, `CONCURRENCY` at a time. */
async function raw(n: number, owner: string, warehouseId: string): Promise<{ rowsPerSecond: number; items: number }> {
  const now = new Date().toISOString();
  const limit = pLimit(CONCURRENCY);
  let items = 0;
  const started = performance.now();
  for (let start = 0; start < n; start += CHUNK_ROWS) {
    const records = Array.from({ length: Math.min(CHUNK_ROWS, n - start) }, (_, k) => {
      const i = start + k;
      return {
        id: `RAW${String(i).padStart(23, '0')}`,
        type: 'recipient' as const,
        code: `RAW${String(i).padStart(6, '0')}`,
        ownerId: owner,
        warehouseId,
        segment: 'B2B' as const,
        address: addressFields.parse({
          isCompany: true,
          company: `Cave ${i}`,
          name: '',
          street: `${i} rue Port`,
          details: '',
          postcode: '64000',
          city: 'Pau',
          country: 'FR',
          email: '',
          phone: '',
          siretNumber: '',
          exciseNumber: '',
        }),
        comment: '',
        services: [],
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
    });
    const words = records.flatMap((r) => contactRecords.companionItems(r));
    const batches = Array.from({ length: Math.ceil(words.length / 25) }, (_, b) => words.slice(b * 25, b * 25 + 25));
    await Promise.all(
      batches.map((batch) =>
        limit(async () => {
          let pending: unknown[] = batch.map((Item) => ({ PutRequest: { Item } }));
          while (pending.length) {
            const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: pending as never } }));
            pending = out.UnprocessedItems?.[TABLE] ?? [];
          }
        }),
      ),
    );
    await Promise.all(
      records.map((r) =>
        limit(() =>
          ddb.send(
            new PutCommand({
              TableName: TABLE,
              Item: contactRecords.item(r),
              ConditionExpression: 'attribute_not_exists(PK)',
            }),
          ),
        ),
      ),
    );
    items += words.length + records.length;
  }
  return { rowsPerSecond: n / ((performance.now() - started) / 1000), items };
}

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

  /** The upload of a file: the one place that knows how a file reaches the worker. */
  const uploadFile = async (csv: string): Promise<ImportJob> => {
    const asked = await importFile({ call: httpCall(runtime.url) }, token, 'contact', csv, {
      fields: { type: 'recipient', warehouse: warehouse.id, segment: 'B2B' },
    });
    if (asked.status !== 201) throw new Error(`import request: ${asked.status} ${asked.text}`);
    return asked.body as ImportJob;
  };

  const idle = process.memoryUsage();
  const results: string[] = [];
  for (const [i, n] of SIZES.entries()) {
    // The raw rate over as many rows as the worker's run, up to RAW_ROWS (a rate: it does not depend on the count).
    const rawRun = await raw(Math.min(n, RAW_ROWS), `BENCHRAW${i}`, warehouse.id);
    const lines = [HEADER];
    for (let k = 0; k < n; k++) lines.push(line(String(i), k));
    const csv = `${lines.join('\r\n')}\r\n`;
    lines.length = 0;
    const started = performance.now();
    const queued = await uploadFile(csv);
    // The worker's memory: sampled from the upload's answer on, the upload's garbage collected first.
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    const {
      value: job,
      rss,
      heap,
      external,
    } = await sampled(async () => {
      let status = queued;
      while (status.status !== 'done' && status.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 200));
        status = await call(`/api/imports/${queued.id}`, { headers: auth });
      }
      return status;
    });
    const waitMs = performance.now() - started;
    if (job.created !== n) throw new Error(`created ${job.created} of ${n}: ${JSON.stringify(job.errors)}`);
    const workerSeconds = (Date.parse(job.finishedAt ?? '') - Date.parse(job.startedAt ?? '')) / 1000;
    const workerRate = n / workerSeconds;
    const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
    results.push(
      `| ${n.toLocaleString('en')} | ${Math.round(rawRun.rowsPerSecond)} rows/s (${Math.round((rawRun.items / Math.min(n, RAW_ROWS)) * rawRun.rowsPerSecond)} items/s) | ${workerSeconds.toFixed(1)} s (${(waitMs / 1000).toFixed(1)} s from upload) | ${Math.round(workerRate)} rows/s | ${(workerRate / rawRun.rowsPerSecond).toFixed(2)} | ${mb(before.rss)} → ${mb(rss)} | ${mb(before.heapUsed)} → ${mb(heap)} | ${mb(before.external)} → ${mb(external)} |`,
    );
    console.log(results[results.length - 1]);
  }
  console.log(
    `\nIdle before the first run: RSS ${Math.round(idle.rss / 1048576)} MB, heap ${Math.round(idle.heapUsed / 1048576)} MB`,
  );
  console.log(
    '| rows | raw writes, same shape | worker, start to end | worker rate | worker / raw | RSS before → peak | heap before → peak | external before → peak |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) console.log(r);
} finally {
  await runtime.stop();
  rmSync(dir, { recursive: true, force: true });
}
