/**
 * The AWS services the product uses, emulated in this process: DynamoDB (dynalite, LevelDB on disk, with
 * TransactWriteItems and TransactGetItems added: dynamodb/README.md; in a thread of its own: dynamodb/thread.ts),
 * S3 (s3rver, files on disk) and SQS
 * (local-aws-sqs, in memory). Facts and quirks: shared/ARCHITECTURE.md.
 */
import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  type TableDescription,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { WORK_QUEUE } from '@cellar/functions/config/topology';
import { INDEX_PROJECTION, TABLE_DEFINITION } from '@cellar/functions/data/table-definition';
import { createSqsServer } from 'local-aws-sqs';
import S3rver from 's3rver';
import { indexActive, tableActive } from './dynamodb/active';
import { startDynamoThread } from './dynamodb/thread';

export const REGION = 'eu-west-3';
export const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver signs list continuation tokens with single DES, which OpenSSL 3 refuses: triple DES with the key
 * repeated three times computes the same cipher.
 */
function allowSingleDes() {
  const c = crypto as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of ['createCipheriv', 'createDecipheriv']) {
    const original = c[name] as (alg: string, key: Buffer, iv: Buffer) => unknown;
    if ((original as { desPatched?: boolean }).desPatched) continue;
    const patched = (alg: string, key: Buffer, iv: Buffer, ...rest: unknown[]) =>
      alg === 'des'
        ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv)
        : (original as (...a: unknown[]) => unknown)(alg, key, iv, ...rest);
    Object.assign(patched, { desPatched: true });
    c[name] = patched as (...a: unknown[]) => unknown;
  }
}

const close = (server: { close: (cb: (err?: Error) => void) => void }) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

export interface Emulators {
  endpoints: { dynamodb: string; s3: string; sqs: string };
  s3: S3rver;
  stop(): Promise<void>;
}

export async function startEmulators(dataDir: string, buckets: string[]): Promise<Emulators> {
  allowSingleDes();
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  mkdirSync(join(dataDir, 's3'), { recursive: true });

  const ddb = await startDynamoThread(join(dataDir, 'dynamodb'));
  const ddbPort = ddb.port;

  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dataDir, 's3'),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const s3Address = (await s3.run()) as AddressInfo;

  const sqsServer = await createSqsServer({
    port: 0,
    hostname: '127.0.0.1',
    region: REGION,
    emulateQueueCreationLifecycle: false,
  });
  const sqsPort = (sqsServer.address() as AddressInfo).port;

  return {
    endpoints: {
      dynamodb: `http://127.0.0.1:${ddbPort}`,
      s3: `http://127.0.0.1:${s3Address.port}`,
      sqs: `http://127.0.0.1:${sqsPort}`,
    },
    s3,
    async stop() {
      await Promise.all([ddb.stop(), s3.close(), close(sqsServer)]);
    },
  };
}

/**
 * The table as TABLE_DEFINITION says: created, or given the indexes it lacks (a table of an older data format), one
 * at a time as a deploy adds them, each waited for until ACTIVE (its backfill done) before anything reads it.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: REGION, credentials: CREDENTIALS });
  let existing: TableDescription | undefined;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
  }
  if (existing) return addMissingIndexes(client, existing);
  const d = TABLE_DEFINITION;
  const attrs = [d.partitionKey, d.sortKey, ...d.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attrs.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: d.partitionKey, KeyType: 'HASH' },
        { AttributeName: d.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: d.indexes.map(indexOf),
    }),
  );
  await tableActive(client, tableName);
}

type IndexDefinition = (typeof TABLE_DEFINITION.indexes)[number];

/** An index of TABLE_DEFINITION as CreateTable and UpdateTable name it. */
const indexOf = (i: IndexDefinition): GlobalSecondaryIndex => ({
  IndexName: i.name,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' },
    { AttributeName: i.sortKey, KeyType: 'RANGE' },
  ],
  Projection: { ProjectionType: INDEX_PROJECTION },
});

async function addMissingIndexes(client: DynamoDBClient, table: TableDescription): Promise<void> {
  const TableName = table.TableName as string;
  const have = new Set((table.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const i of TABLE_DEFINITION.indexes.filter((x) => !have.has(x.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: [i.partitionKey, i.sortKey].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
        GlobalSecondaryIndexUpdates: [{ Create: indexOf(i) }],
      }),
    );
    await indexActive(client, TableName, i.name);
  }
}

/** Creates a work queue and its dead-letter queue, as the data stack does; returns both URLs. */
export async function ensureQueue(endpoint: string, name: string, visibilityTimeout: number) {
  const client = new SQSClient({ endpoint, region: REGION, credentials: CREDENTIALS });
  const dlq = await client.send(
    new CreateQueueCommand({
      QueueName: `${name}-dlq`,
      Attributes: { MessageRetentionPeriod: String(WORK_QUEUE.deadLetterRetentionDays * 24 * 3600) },
    }),
  );
  const dlqArn = `arn:aws:sqs:${REGION}:123456789012:${name}-dlq`;
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: name,
      Attributes: {
        VisibilityTimeout: String(visibilityTimeout),
        MessageRetentionPeriod: String(WORK_QUEUE.retentionDays * 24 * 3600),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: WORK_QUEUE.maxReceives }),
      },
    }),
  );
  return { queueUrl: queue.QueueUrl as string, dlqUrl: dlq.QueueUrl as string };
}
