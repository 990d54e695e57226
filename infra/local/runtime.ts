/**
 * The whole product on one machine: emulators, table, buckets and queues, the API and the SPA on one origin,
 * S3 notifications forwarded to SQS, and the queue workers polled as Lambda would.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DATA_FORMAT } from '@cellar/functions/data/table-definition';
import { QUEUE_MAX_RECEIVES } from '@cellar/functions/platform/queue';
import { isDocsPath, serveDocs } from './api-docs';
import { CREDENTIALS, ensureQueue, ensureTable, REGION, startEmulators } from './emulators';
import { handleApi, serveStatic } from './gateway';
import { MAILBOX_PATH, serveMailbox } from './mailbox';
import { RECOUNT_PATH, serveRecount } from './ops';
import { startPoller, type Worker } from './poller';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface RuntimeOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  reset?: boolean;
  /** Seed the demo on first start (default true). */
  seed?: boolean;
  webRoot?: string;
  /** Seconds a received import message stays hidden (Lambda's default mapping: 6 × the worker timeout). */
  importVisibilityTimeout?: number;
  log?: (line: string) => void;
}

export interface Runtime {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

const TABLE = 'cellar';
const BUCKETS = { imports: 'cellar-imports', exports: 'cellar-exports' };
const IMPORT_QUEUE = 'cellar-imports';
const EXPORT_QUEUE = 'cellar-exports';
// As the deployed import worker (infra/lib/api-stack.ts): 5 minutes, messages hidden 6× that.
const WORKER_TIMEOUT_S = 300;

function secretIn(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}

export async function startRuntime(o: RuntimeOptions = {}): Promise<Runtime> {
  const log = o.log ?? (() => undefined);
  const dataDir = resolve(o.dataDir ?? join(ROOT, '.cellar/data'));
  const formatFile = join(dataDir, 'data-format');
  const stale =
    existsSync(join(dataDir, 'seeded')) &&
    (!existsSync(formatFile) || readFileSync(formatFile, 'utf8') !== String(DATA_FORMAT));
  if (stale && !o.reset) log('The stored data predates the current table format: starting from a fresh demo.');
  if (o.reset || stale) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(formatFile, String(DATA_FORMAT));
  const firstStart = !existsSync(join(dataDir, 'seeded'));

  const emulators = await startEmulators(dataDir, Object.values(BUCKETS));
  const { endpoints } = emulators;
  await ensureTable(endpoints.dynamodb, TABLE);
  const visibility = o.importVisibilityTimeout ?? WORKER_TIMEOUT_S * 6;
  const { queueUrl, dlqUrl } = await ensureQueue(endpoints.sqs, IMPORT_QUEUE, QUEUE_MAX_RECEIVES, visibility);
  const exports = await ensureQueue(endpoints.sqs, EXPORT_QUEUE, QUEUE_MAX_RECEIVES, WORKER_TIMEOUT_S * 6);

  // The handlers read the same variables as in AWS; the SDK's service-specific endpoint variables
  // point them at the emulators.
  const env: Record<string, string> = {
    TABLE_NAME: TABLE,
    IMPORT_BUCKET: BUCKETS.imports,
    EXPORT_BUCKET: BUCKETS.exports,
    IMPORT_QUEUE_URL: queueUrl,
    IMPORT_DLQ_URL: dlqUrl,
    EXPORT_QUEUE_URL: exports.queueUrl,
    APP_ENV: 'local',
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    S3_FORCE_PATH_STYLE: 'true',
    JWT_SECRET: secretIn(dataDir),
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_DEV: 'true',
  };
  Object.assign(process.env, env);

  const sqs = new SQSClient({ endpoint: endpoints.sqs, region: REGION, credentials: CREDENTIALS });
  // S3 → SQS notification on the import bucket's incoming/ prefix, as the CDK stack configures it.
  emulators.s3.on(
    'event',
    (event: { Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[] }) => {
      const records = event.Records.filter(
        (r) =>
          r.eventName.startsWith('ObjectCreated') &&
          r.s3.bucket.name === BUCKETS.imports &&
          r.s3.object.key.startsWith('incoming/'),
      );
      if (records.length) {
        sqs
          .send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ Records: records }) }))
          .catch((e) => log(`S3 notification lost: ${(e as Error).message}`));
      }
    },
  );

  const importWorker = (await import('@cellar/functions/imports/worker')) as { handler: Worker };
  const exportWorker = (await import('@cellar/functions/exports/worker')) as { handler: Worker };
  const pollers = [
    startPoller({
      client: sqs,
      queueUrl,
      queueArn: `arn:aws:sqs:${REGION}:123456789012:${IMPORT_QUEUE}`,
      worker: importWorker.handler,
      name: 'cellar-import-worker',
      batchSize: 10,
      visibilityTimeout: visibility,
      onError: (e) => log(`import worker: ${(e as Error).message}`),
    }),
    startPoller({
      client: sqs,
      queueUrl: exports.queueUrl,
      queueArn: `arn:aws:sqs:${REGION}:123456789012:${EXPORT_QUEUE}`,
      worker: exportWorker.handler,
      name: 'cellar-export-worker',
      batchSize: 10,
      visibilityTimeout: WORKER_TIMEOUT_S * 6,
      onError: (e) => log(`export worker: ${(e as Error).message}`),
    }),
  ];

  if (firstStart && o.seed !== false) {
    const { seedDemo } = await import('./seed');
    await seedDemo(log);
    writeFileSync(join(dataDir, 'seeded'), new Date().toISOString());
  }

  const webRoot = o.webRoot ?? join(ROOT, 'web/dist');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The documentation viewer is the local server's own page, not a route of the API.
    const work = isDocsPath(url.pathname)
      ? Promise.resolve(serveDocs(res, url.pathname))
      : url.pathname.startsWith('/api/')
        ? handleApi(req, res, url)
        : url.pathname === MAILBOX_PATH
          ? serveMailbox(res)
          : url.pathname === RECOUNT_PATH
            ? serveRecount(req, res)
            : Promise.resolve(serveStatic(webRoot, res, url));
    work.catch((e) => {
      log(`request failed: ${(e as Error).stack}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
    });
  });
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(o.port ?? 3000, host, ok);
  });
  const port = (server.address() as AddressInfo).port;
  // Links in e-mails point at this very runtime.
  process.env.APP_URL = `http://${host}:${port}`;

  return {
    url: `http://${host}:${port}`,
    env,
    async stop() {
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      await Promise.all(pollers.map((p) => p.stop()));
      await emulators.stop();
    },
  };
}
