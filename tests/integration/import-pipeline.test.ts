/**
 * The import pipeline's skeleton, end to end on the emulators: an object put under incoming/ is announced to
 * SQS as S3 would, polled like Lambda's event source mapping, and read by the worker; a message the worker
 * cannot handle is retried and then dead-lettered, without holding back its batch.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness';

let h: Harness;
let s3: S3Client;
let sqs: SQSClient;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  h = await startHarness({ seed: false, importVisibilityTimeout: 1 });
  const env = h.runtime.env;
  const base = { region: env.AWS_REGION, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
  s3 = new S3Client({
    ...base,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  sqs = new SQSClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_SQS });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }));
});
afterAll(() => h?.stop());

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Import pipeline', () => {
  it('turns an uploaded CSV into a received import job', async () => {
    const key = 'incoming/recipient/CLI001/file 1.csv';
    const csv = '\uFEFFcode;name;city\r\n# a comment\r\nC1;Cave;Bordeaux\r\nC2;Bistrot;Lyon\r\n';
    await s3.send(
      new PutObjectCommand({ Bucket: h.runtime.env.IMPORT_BUCKET, Key: key, Body: csv, ContentType: 'text/csv' }),
    );
    const job = await eventually(
      async () =>
        (await ddb.send(new GetCommand({ TableName: 'cellar', Key: { PK: `IMPORT#${key}`, SK: 'IMPORT' } }))).Item,
    );
    expect(job).toMatchObject({ status: 'received', header: ['code', 'name', 'city'], rows: 2 });
  });

  it('ignores objects outside incoming/', async () => {
    await s3.send(
      new PutObjectCommand({ Bucket: h.runtime.env.IMPORT_BUCKET, Key: 'other/x.csv', Body: 'a;b\r\n1;2\r\n' }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    const item = await ddb.send(
      new GetCommand({ TableName: 'cellar', Key: { PK: 'IMPORT#other/x.csv', SK: 'IMPORT' } }),
    );
    expect(item.Item).toBeUndefined();
  });

  it('dead-letters a failing message after three receives while its batch-mates succeed', async () => {
    const env = h.runtime.env;
    const good = 'incoming/recipient/CLI001/good.csv';
    await s3.send(new PutObjectCommand({ Bucket: env.IMPORT_BUCKET, Key: 'seed/good.csv', Body: 'a;b\r\n1;2\r\n' }));
    // A poison message (no such object) and a good one, sent together so they share a batch.
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: env.IMPORT_QUEUE_URL,
        MessageBody: JSON.stringify({
          Records: [{ s3: { bucket: { name: env.IMPORT_BUCKET }, object: { key: 'incoming/missing.csv' } } }],
        }),
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: env.IMPORT_BUCKET, Key: good, Body: 'a;b\r\n1;2\r\n3;4\r\n' }));
    const job = await eventually(
      async () =>
        (await ddb.send(new GetCommand({ TableName: 'cellar', Key: { PK: `IMPORT#${good}`, SK: 'IMPORT' } }))).Item,
    );
    expect(job.rows).toBe(2);
    const dead = await eventually(async () => {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: env.IMPORT_DLQ_URL, WaitTimeSeconds: 1, AttributeNames: ['All'] }),
      );
      return out.Messages?.[0];
    }, 30_000);
    expect(dead.Body).toContain('incoming/missing.csv');
    const attrs = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: env.IMPORT_QUEUE_URL,
        AttributeNames: ['ApproximateNumberOfMessages'],
      }),
    );
    expect(Number(attrs.Attributes?.ApproximateNumberOfMessages ?? 0)).toBe(0);
  });
});
