/**
 * A background export longer than one invocation of its worker. The deployed worker has 15 minutes, and a million
 * rows (or a sparse filter over many more) may take longer: it saves its place when its time runs short and goes
 * on in a new invocation. Here the local runtime gives the worker a context of one second, so that a few tens of
 * thousands of rows take several invocations, and a file of several 5 MB parts is written across them.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportJob } from '@cellar/shared/exports/schemas';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE_NAME } from '../../functions/src/config/topology';
import { keys } from '../../functions/src/data/keys';
import { newExportJob } from '../../functions/src/exports/jobs';
import { PART_BYTES } from '../../functions/src/exports/parts';
import { runExport } from '../../functions/src/exports/worker';
import type { TimeBudget } from '../../functions/src/platform/messaging/time-budget';
import { seedMovements } from '../bench/seed-movements';
import { benchSignIn } from '../bench/tenant';
import { bySize } from '../fixtures/size';
import { eventually, type Harness, startHarness } from './harness';

/** Movements of the tenant: one a minute back from 2026-11-01, the i-th one's note naming i. */
const ROWS = bySize(12_000, 120_000);
/**
 * A long note, so that the CSV file spans several 5 MB parts: at the everyday size fewer rows, each longer (the
 * file's 12 MB, in pages of about 750 rows, each page a DynamoDB query's megabyte), for the same parts and pages.
 */
const note = (i: number) => `Mouvement ${i} `.padEnd(bySize(1_000, 300), '·');
/** Pages an invocation of the crash test writes before it stops: about a third of the export each. */
const CRASH_PAGES = bySize(5, 20);
const QUERY = 'columns=date,quantity,note&dates=iso';

let h: Harness;
let ddb: DynamoDBDocumentClient;
let tenant: { email: string; ownerId: string; token: string };

beforeAll(async () => {
  h = await startHarness({ workerTimeoutSeconds: { exports: 1 } });
  const env = h.runtime.env;
  ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: env.AWS_REGION,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
    }),
  );
  const seeded = await seedMovements('CONTINUED', ROWS, note);
  tenant = { ...seeded, token: await benchSignIn(h.url, seeded.email) };
}, 300_000);
afterAll(() => h?.stop());

const jobItem = async (id: string) =>
  (await ddb.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: keys.exportJob(id) }))).Item as Record<
    string,
    unknown
  >;

async function finished(id: string): Promise<ExportJob> {
  return eventually(async () => {
    const j = (await h.call<ExportJob>('GET', `/api/exports/${id}`, { token: tenant.token })).body;
    return j.status === 'done' || j.status === 'failed' ? j : undefined;
  }, 280_000);
}

/** A queued export job of the tenant's admin, its message never sent: the attempts are the test's. */
async function queuedJob(id: string, format: 'csv' | 'xlsx') {
  const job = newExportJob({
    id,
    userId: `U-${tenant.ownerId}`,
    actorId: null,
    route: 'stockMovementList',
    query: QUERY,
    lang: 'fr',
    format,
  });
  await ddb.send(new PutCommand({ TableName: LOCAL_TABLE_NAME, Item: { ...keys.exportJob(id), ...job } }));
}

/** The data lines of a CSV file. */
const csvLines = (text: string) => text.replace('\uFEFF', '').trim().split('\r\n').slice(1);

/** The movement each line or row writes, from its note. */
const movementOf = (note: unknown) => Number(/^Mouvement (\d+) /.exec(String(note))?.[1]);

/** Every movement once, in the list's order (the newest first: the 0th, the 1st, …). */
const inOrder = (movements: readonly number[]) => movements.every((m, i) => m === i);

async function sheetRows(bytes: ArrayBuffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  return sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
}

/** A budget of so many pages: the invocation stops there, at a place of the test's choosing. */
const pages = (n: number): TimeBudget => {
  let steps = 0;
  return {
    async step(run) {
      steps += 1;
      return run();
    },
    allowsAnother: () => steps < n,
    endsAt: () => undefined,
  };
};

describe('A background export continued across invocations', () => {
  it.each(['csv', 'xlsx'] as const)(
    'writes every row once, in order, over several invocations of one second (%s)',
    { timeout: 300_000 },
    async (format) => {
      // Act
      const res = await h.call<ExportJob>('POST', '/api/exports', {
        token: tenant.token,
        lang: 'fr',
        body: { path: '/api/stock-movements', query: QUERY, format },
      });
      expect(res.status, res.text).toBe(202);
      const job = await finished(res.body.id);
      const bytes = await (await fetch(job.url as string)).arrayBuffer();
      // The same export made in one go, by a worker whose time does not run out.
      const control = `01JCONTROL${format.toUpperCase().padEnd(4, '0')}000000000000`;
      await queuedJob(control, format);
      expect(await runExport(control)).toBe('done');
      const whole = (await h.call<ExportJob>('GET', `/api/exports/${control}`, { token: tenant.token })).body;
      const wholeBytes = await (await fetch(whole.url as string)).arrayBuffer();
      // Assess
      expect(job).toMatchObject({ status: 'done', rows: ROWS, error: null });
      const item = await jobItem(res.body.id);
      // More than one: how many more is the machine's speed (the crash test below stops at pages of its choosing).
      expect(item.invocations).toBeGreaterThan(1);
      expect(item.progress).toBeNull();
      if (format === 'csv') {
        expect(bytes.byteLength).toBeGreaterThan(2 * PART_BYTES);
        const lines = csvLines(new TextDecoder().decode(bytes));
        expect(lines).toHaveLength(ROWS);
        expect(inOrder(lines.map((l) => movementOf(l.split(';')[2])))).toBe(true);
        expect(Buffer.from(bytes).equals(Buffer.from(wholeBytes))).toBe(true);
      } else {
        const [header, ...rows] = await sheetRows(bytes);
        expect(header).toEqual(['Date', 'Quantité', 'Note']);
        expect(rows).toHaveLength(ROWS);
        expect(inOrder(rows.map((r) => movementOf(r[2])))).toBe(true);
        expect(rows).toEqual((await sheetRows(wholeBytes)).slice(1));
      }
    },
  );

  it('loses and repeats nothing when an invocation dies after sending parts it never saved', {
    timeout: 300_000,
  }, async () => {
    // Prepare: the continuation messages of this test's invocations go to a queue no worker reads.
    const env = h.runtime.env;
    const sqs = new SQSClient({
      region: env.AWS_REGION,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      endpoint: env.AWS_ENDPOINT_URL_SQS,
    });
    const held = await sqs.send(new CreateQueueCommand({ QueueName: 'cellar-exports-held' }));
    const queue = process.env.EXPORT_QUEUE_URL;
    process.env.EXPORT_QUEUE_URL = held.QueueUrl;
    const id = '01JEXPORTCRASHED0000000000';
    await queuedJob(id, 'csv');
    try {
      // Act: an invocation stops after some pages and saves its place; the next one writes as many, sending
      // their parts, then "dies" before its save (the job put back as the first one saved it).
      const first = await runExport(id, undefined, pages(CRASH_PAGES));
      const saved = await jobItem(id);
      const second = await runExport(id, undefined, pages(CRASH_PAGES));
      const sentSince = (await jobItem(id)).progress as { parts: unknown[] };
      await ddb.send(new PutCommand({ TableName: LOCAL_TABLE_NAME, Item: saved }));
      // The message comes back twice: one attempt runs, the other keeps out.
      const last = await Promise.all([runExport(id), runExport(id)]);
      const job = (await h.call<ExportJob>('GET', `/api/exports/${id}`, { token: tenant.token })).body;
      const text = await (await fetch(job.url as string)).text();
      // Assess
      expect([first, second]).toEqual(['paused', 'paused']);
      const savedParts = (saved.progress as { parts: unknown[] }).parts.length;
      expect(sentSince.parts.length).toBeGreaterThan(savedParts);
      expect(last.sort()).toEqual(['done', 'skipped']);
      expect(job).toMatchObject({ status: 'done', rows: ROWS });
      const lines = csvLines(text);
      expect(lines).toHaveLength(ROWS);
      expect(inOrder(lines.map((l) => movementOf(l.split(';')[2])))).toBe(true);
    } finally {
      process.env.EXPORT_QUEUE_URL = queue;
    }
  });
});
