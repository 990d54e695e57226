/**
 * Background exports end to end: the request checked as the list would check it, the job queued on SQS, the
 * worker running the list's own export as the requester, the file in the exports bucket, the download link.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportJob } from '@cellar/shared/exports/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN1, ADMIN2, type Harness, READER1, startHarness, USER1 } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const base = (env: Record<string, string>) => ({
  region: env.AWS_REGION,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const ddb = (env: Record<string, string>) =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ ...base(env), endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }));
const sqs = (env: Record<string, string>) => new SQSClient({ ...base(env), endpoint: env.AWS_ENDPOINT_URL_SQS });

async function requestExport(email: string, path: string, query: string) {
  return h.call<ExportJob>('POST', '/api/exports', { token: await h.login(email), body: { path, query } });
}

async function finished(email: string, id: string): Promise<ExportJob> {
  const token = await h.login(email);
  const end = Date.now() + 30_000;
  for (;;) {
    const res = await h.call<ExportJob>('GET', `/api/exports/${id}`, { token });
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Background exports', () => {
  it('writes the list the requester sees, with its filters and columns, and links to the file', async () => {
    const query = 'filter[type]=recipient&sort=code&columns=code,address.city';
    const res = await requestExport(USER1, '/api/contacts', query);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'queued', url: null });
    const job = await finished(USER1, res.body.id);
    expect(job).toMatchObject({ status: 'done', filename: 'recipients.csv', error: null });

    const list = await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', {
      token: await h.login(USER1),
    });
    expect(job.rows).toBe(list.body.meta.total);
    const file = await fetch(job.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('recipients.csv');
    const lines = (await file.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Code;City');
    expect(lines).toHaveLength((job.rows as number) + 1);
    expect(lines.slice(1)).toEqual([...lines.slice(1)].sort());
  });

  it('writes the titles, dates and labels in the requester’s language, as the direct export does', async () => {
    // Prepare
    const token = await h.login(ADMIN1);
    const query = 'columns=date,direction,quantity&start_date=2026-03-01&end_date=2026-03-31';
    // Act
    const res = await h.call<ExportJob>('POST', '/api/exports', {
      token,
      lang: 'fr',
      body: { path: '/api/stock-movements', query },
    });
    const job = await finished(ADMIN1, res.body.id);
    const bytes = new Uint8Array(await (await fetch(job.url as string)).arrayBuffer());
    const direct = await h.call('GET', `/api/stock-movements?output=csv&${query}`, { token, lang: 'fr' });
    // Assess
    expect(job.status).toBe('done');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const file = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(file).toBe(direct.text);
    expect(file.split('\r\n')[0]).toBe('Date;Sens;Quantité');
    expect(file.split('\r\n')[1]).toMatch(/^\d{2}\/03\/2026 \d{2}:\d{2};(Entrée|Sortie);\d+$/);
  });

  it('acts as the requester: another company exports only its own rows', async () => {
    const job = await finished(
      ADMIN2,
      (await requestExport(ADMIN2, '/api/contacts', 'filter[type]=recipient&columns=code,owner.code')).body.id,
    );
    const file = await (await fetch(job.url as string)).text();
    const owners = new Set(
      file
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(';')[1]),
    );
    expect([...owners]).toEqual(['CLI002']);
  });

  it('checks the request as the list would: its access, its query, its columns, a list that exists', async () => {
    expect((await requestExport(READER1, '/api/users', '')).status).toBe(403);
    const filter = await requestExport(USER1, '/api/contacts', 'filter[type]=recipient&filter[password]=x');
    expect(filter.status).toBe(422);
    expect((filter.body as any).errors).toHaveProperty(['filter[password]']);
    const column = await requestExport(USER1, '/api/contacts', 'filter[type]=recipient&columns=code,password');
    expect(column.status).toBe(422);
    expect((column.body as any).errors.columns).toEqual(['Unknown columns: password.']);
    // The list's own aliases are known: a user export may ask for 'name' (first and last names).
    expect((await requestExport(ADMIN1, '/api/users', 'columns=name,email')).status).toBe(202);
    expect((await requestExport(USER1, '/api/warehouses', '')).status).toBe(422);
    expect((await requestExport(USER1, '/api/nothing', '')).status).toBe(422);
  });

  it('ends the job as failed when the requester may no longer read the list', async () => {
    // A job of the plain user for the users list (admins only), as if its role had dropped since the request.
    const env = h.runtime.env;
    const me = await h.call('GET', '/api/auth/user', { token: await h.login(USER1) });
    const id = '01JEXPORTDEMOTED0000000000';
    await ddb(env).send(
      new PutCommand({
        TableName: 'cellar',
        Item: {
          PK: `EXPORT#${id}`,
          SK: 'EXPORT',
          id,
          userId: me.body.id,
          actorId: null,
          route: 'userList',
          query: 'columns=email',
          lang: 'en',
          status: 'queued',
          rows: null,
          filename: null,
          key: null,
          error: null,
          createdAt: new Date().toISOString(),
          finishedAt: null,
        },
      }),
    );
    await sqs(env).send(
      new SendMessageCommand({ QueueUrl: env.EXPORT_QUEUE_URL, MessageBody: JSON.stringify({ id }) }),
    );
    const job = await finished(USER1, id);
    expect(job).toMatchObject({ status: 'failed', error: 'This action is unauthorized.', url: null, rows: null });
  });

  it('shows a job to its requester only', async () => {
    const res = await requestExport(ADMIN1, '/api/stock-movements', 'columns=date,quantity');
    const job = await finished(ADMIN1, res.body.id);
    expect(job.status).toBe('done');
    expect((await h.call('GET', `/api/exports/${res.body.id}`, { token: await h.login(USER1) })).status).toBe(404);
    expect((await h.call('GET', `/api/exports/${res.body.id}`, { token: await h.login(ADMIN2) })).status).toBe(404);
  });
});
