/**
 * The import's two steps through the local runtime, with the real SDK: the request (`POST /api/csv/{template}`,
 * JSON) checks the caller, the choices and the declared size and rows, records the job and answers a presigned
 * POST; the file then goes straight to the S3 endpoint, whose policy holds it to its job's key, text/csv and the
 * declared size, until the ticket expires; the S3 event starts the worker. The local S3 endpoint checks the policy
 * as S3 does (infra/local/s3-front.ts): these tests fail against s3rver alone.
 */

import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ImportJob, ImportStart } from '@cellar/shared/imports/schemas';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@cellar/shared/imports/templates';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bySize } from '../fixtures/size';
import { ADMIN1, eventually, type Harness, importFile, postFile, READER1, startHarness, USER1 } from './harness';

let h: Harness;
let s3: S3Client;
let bucket: string;

beforeAll(async () => {
  h = await startHarness();
  const env = h.runtime.env;
  bucket = env.IMPORT_BUCKET as string;
  s3 = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(() => h?.stop());

const USERS = 'lastname;firstname;email;role;warehouses;modules';
const userFile = (tag: string) => `${USERS}\r\nUpload;${tag};${tag.toLowerCase()}.upload@cli001.test;reader;BDX;\r\n`;
const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;

/** The first step alone: the job and its ticket. */
async function ask(email: string, template: string, body: Record<string, unknown>, lang: 'fr' | 'en' = 'en') {
  return h.call<ImportStart>('POST', `/api/csv/${template}`, { token: await h.login(email), body, lang });
}

async function ticketFor(file: string) {
  const res = await ask(ADMIN1, 'user', { size: bytesOf(file), rows: 1 });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const stored = async (key: string) => {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
};

const job = async (id: string) =>
  (await h.call<ImportJob>('GET', `/api/imports/${id}`, { token: await h.login(ADMIN1) })).body;

describe('The import request', () => {
  it('records a queued job and answers a presigned POST for its own key, of its declared size, for 15 minutes', async () => {
    const file = userFile('Ticket');
    const started = Date.now();
    const { job: queued, upload } = await ticketFor(file);
    expect(queued).toMatchObject({ template: 'user', status: 'queued', total: 1, processed: 0, startedAt: null });
    expect(upload.url).toBe(`${h.runtime.env.AWS_ENDPOINT_URL_S3}/${bucket}`);
    expect(upload.fields).toMatchObject({ key: `incoming/${queued.id}.csv`, 'Content-Type': 'text/csv' });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy as string, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, bytesOf(file)]);
    expect(policy.conditions).toContainEqual({ key: `incoming/${queued.id}.csv` });
    const expires = Date.parse(upload.expiresAt) - started;
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    // Nothing is stored until the browser posts the file.
    expect(await stored(`incoming/${queued.id}.csv`)).toBe(false);
  });

  it('refuses a caller without the right, and choices that are not the caller’s', async () => {
    expect((await ask(READER1, 'user', { size: 10, rows: 1 })).status).toBe(403);
    expect((await ask(USER1, 'contact', { type: 'carrier', size: 10, rows: 1 })).status).toBe(403);
    const noType = await ask(USER1, 'contact', { size: 10, rows: 1 });
    expect(noType.status).toBe(422);
    expect(noType.body).toMatchObject({ errors: { type: ['This field is required.'] } });
    const warehouse = await ask(USER1, 'contact', { type: 'recipient', warehouse: 'NOT-OURS', size: 10, rows: 1 });
    expect(warehouse.status).toBe(422);
    expect(Object.keys((warehouse.body as any).errors)).toEqual(['warehouse']);
    const unknown = await ask(USER1, 'contact', { type: 'recipient', size: 10, rows: 1, file: 'x' });
    expect(unknown.status).toBe(422);
  });

  it('refuses a file over 20 MB or 100,000 rows, and an empty one, in the asker’s words with the limit', async () => {
    const tooBig = await ask(ADMIN1, 'user', { size: IMPORT_MAX_BYTES + 1, rows: 1 }, 'fr');
    expect(tooBig.status).toBe(422);
    expect((tooBig.body as any).errors).toEqual({ size: ['Un fichier d’import fait au plus 20 Mo.'] });
    const tooMany = await ask(ADMIN1, 'user', { size: 1000, rows: IMPORT_MAX_ROWS + 1 });
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as any).errors).toEqual({ rows: ['An import holds at most 100000 rows.'] });
    const empty = await ask(ADMIN1, 'user', { size: 0, rows: 0 });
    expect((empty.body as any).errors).toEqual({
      size: ['The file has no rows to import.'],
      rows: ['The file has no rows to import.'],
    });
    // At the limits exactly: accepted.
    expect((await ask(ADMIN1, 'user', { size: IMPORT_MAX_BYTES, rows: IMPORT_MAX_ROWS })).status).toBe(201);
  });
});

describe('The presigned upload', () => {
  it('stores the file as text/csv under its job’s key, and the S3 event starts the worker', async () => {
    const file = userFile('Stored');
    const { job: queued, upload } = await ticketFor(file);
    const sent = await postFile(upload, file);
    expect(sent.status, sent.text).toBe(204);
    const key = `incoming/${queued.id}.csv`;
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(object.ContentType).toBe('text/csv');
    expect(await object.Body?.transformToString()).toBe(file);
    const done = await eventually(async () => {
      const j = await job(queued.id);
      return j.status === 'done' ? j : undefined;
    });
    expect(done).toMatchObject({ total: 1, processed: 1, created: 1, failed: 0 });
  });

  it('refuses a file larger than declared, or than 20 MB, and stores nothing', async () => {
    const file = userFile('Larger');
    const { job: queued, upload } = await ticketFor(file);
    const larger = await postFile(upload, `${file}# one more line\r\n`);
    expect(larger).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await stored(`incoming/${queued.id}.csv`)).toBe(false);

    const max = await ask(ADMIN1, 'user', { size: IMPORT_MAX_BYTES, rows: 1 });
    const huge = new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x41);
    const over = await postFile(max.body.upload, huge);
    expect(over).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await stored(`incoming/${max.body.job.id}.csv`)).toBe(false);
    // The job still waits for its file.
    expect((await job(queued.id)).status).toBe('queued');
  });

  it('refuses another content type', async () => {
    const file = userFile('Typed');
    const { job: queued, upload } = await ticketFor(file);
    const html = await postFile(upload, file, { fields: { 'Content-Type': 'text/html' } });
    expect(html).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(html.text).toContain('Content-Type');
    expect(await stored(`incoming/${queued.id}.csv`)).toBe(false);
  });

  it('refuses a key outside its job: another job’s, another prefix, a prefix of its own', async () => {
    const file = userFile('Keyed');
    const mine = await ticketFor(file);
    const theirs = await ticketFor(file);
    const theirKey = `incoming/${theirs.job.id}.csv`;
    for (const key of [theirKey, `exports/${mine.job.id}.csv`, `incoming/${mine.job.id}.csv.exe`, 'incoming/']) {
      const sent = await postFile(mine.upload, file, { fields: { key } });
      expect(sent, key).toMatchObject({ status: 403, code: 'AccessDenied' });
    }
    expect(await stored(theirKey)).toBe(false);
    expect((await job(theirs.job.id)).status).toBe('queued');
  });

  it('refuses a changed policy, a field the policy does not name, and another bucket', async () => {
    const file = userFile('Policy');
    const { upload } = await ticketFor(file);
    const policy = JSON.parse(Buffer.from(upload.fields.Policy as string, 'base64').toString('utf8'));
    policy.conditions = policy.conditions.map((c: unknown) =>
      Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, IMPORT_MAX_BYTES] : c,
    );
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(await postFile(upload, file, { fields: { Policy: widened } })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(await postFile(upload, file, { fields: { 'x-amz-meta-owner': 'me' } })).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    const otherBucket = { ...upload, url: upload.url.replace(bucket, h.runtime.env.EXPORT_BUCKET as string) };
    expect(await postFile(otherBucket, file)).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('refuses an expired ticket', async () => {
    const file = userFile('Late');
    const { job: queued, upload } = await ticketFor(file);
    // Sixteen minutes later for the S3 endpoint's clock (the ticket lasts fifteen).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      const late = await postFile(upload, file);
      expect(late).toMatchObject({ status: 403, code: 'AccessDenied' });
      expect(late.text).toContain('Policy expired');
    } finally {
      vi.useRealTimers();
    }
    expect(await stored(`incoming/${queued.id}.csv`)).toBe(false);
  });

  it('refuses an unsigned PUT, GET or LIST: another company’s queued import stays as it was', async () => {
    const file = userFile('Unsigned');
    const { job: queued } = await ticketFor(file);
    const s3 = h.runtime.env.AWS_ENDPOINT_URL_S3;
    const put = await fetch(`${s3}/${bucket}/incoming/${queued.id}.csv`, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: 'lastname;firstname\nIntrus;Eve\n',
    });
    const get = await fetch(`${s3}/${bucket}/incoming/${queued.id}.csv`);
    const list = await fetch(`${s3}/${bucket}?list-type=2`);
    expect([put.status, get.status, list.status]).toEqual([403, 403, 403]);
    expect(await put.text()).toContain('<Code>AccessDenied</Code>');
    expect(await stored(`incoming/${queued.id}.csv`)).toBe(false);
  });

  it('answers CORS for the site’s origin only', async () => {
    const site = new URL(h.url).origin;
    const preflight = (origin: string) =>
      fetch(`${h.runtime.env.AWS_ENDPOINT_URL_S3}/${bucket}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const ok = await preflight(site);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(site);
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST');
    const other = await preflight('https://elsewhere.example');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const file = userFile('Cors');
    const { upload } = await ticketFor(file);
    const sent = await postFile(upload, file, { origin: site });
    expect(sent.status).toBe(204);
    expect(sent.headers.get('access-control-allow-origin')).toBe(site);
    // The site's pages may connect to the S3 endpoint, and to nothing else but their own origin.
    const page = await fetch(`${h.url}/`);
    expect(page.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${h.runtime.env.AWS_ENDPOINT_URL_S3};`,
    );
  });
});

describe('A large import', () => {
  const ROWS = bySize(1_500, 10_000);
  it(`imports ${ROWS.toLocaleString('en')} recipients with the right counts`, { timeout: 600_000 }, async () => {
    const token = await h.login(USER1);
    const total = async () =>
      (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.meta.total as number;
    const before = await total();
    const me = await h.call('GET', '/api/auth/user?include=warehouses', { token });
    const lines = ['code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(
        `BIG${String(i).padStart(5, '0')};non;;Client ${i};4 rue Sainte-Catherine;;33000;Bordeaux;FR;big${i}@example.com;0601020304;;`,
      );
    const started = performance.now();
    const res = await importFile(h, token, 'contact', lines.join('\r\n'), {
      fields: { type: 'recipient', warehouse: me.body.warehouses[0].id, segment: 'B2C' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.total).toBe(ROWS);
    const done = await eventually(async () => {
      const j = (await h.call<ImportJob>('GET', `/api/imports/${res.body.id}`, { token })).body;
      return j.status === 'done' || j.status === 'failed' ? j : undefined;
    }, 580_000);
    const seconds = (performance.now() - started) / 1000;
    console.log(`${ROWS.toLocaleString('en')}-row import: ${seconds.toFixed(1)} s from the request to done`);
    expect(done).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
    expect(done.errors).toEqual([]);
    expect(await total()).toBe(before + ROWS);
  });
});
