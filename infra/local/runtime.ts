/**
 * The whole product on one machine: emulators, table, buckets and queues, the API and the SPA on one origin,
 * S3 notifications forwarded to SQS, and the queue workers polled as Lambda would.
 */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BUCKETS,
  functionEnvironment,
  LOCAL_TABLE_NAME,
  QUEUES,
  visibilityTimeoutSeconds,
  WORK_QUEUE,
} from '@cellar/functions/config/topology';
import { DATA_FORMAT } from '@cellar/functions/data/table-definition';
import { CREDENTIALS, ensureQueue, ensureTable, REGION, startEmulators } from './emulators';
import { closeMailbox, openMailbox } from './mailbox';
import { startPoller, type Worker } from './poller';
import { requeueUnfinishedJobs } from './recovery';
import { startS3Front } from './s3-front';
import { createLocalServer } from './server';
import type { WarehouseOptions } from './warehouse';
import { closeWebhookReceiver, openWebhookReceiver } from './webhook-receiver';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface RuntimeOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  reset?: boolean;
  /** Seed the demo on first start (default true). */
  seed?: boolean;
  webRoot?: string;
  /** Seconds a received import message stays hidden (default: as deployed). */
  importVisibilityTimeout?: number;
  /**
   * A worker's time budget by queue, in seconds (default: its deployed timeout): what its context's
   * getRemainingTimeInMillis counts down from, as Lambda's does. Nothing is stopped when it runs out.
   */
  workerTimeoutSeconds?: Partial<Record<keyof typeof QUEUES, number>>;
  /**
   * How the simulated warehouse plays (warehouse.ts): by default every step, 12 s apart, so that an order sent is
   * shipped and a reception announced is received within a minute, with discrepancies on a fifth of them.
   */
  warehouse?: Partial<Pick<WarehouseOptions, 'stepMs' | 'plays' | 'discrepancies'>>;
  /** How often the sweep runs after the one at start (default SWEEP_EVERY_MS; 0: only at start, for a benchmark or the integration tests, which sweep when they mean to). */
  sweepEveryMs?: number;
  log?: (line: string) => void;
}

export interface Runtime {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

function secretIn(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8');
}

/** The one-shot moves of stored data to the next format, by the format they start from (infra/ops). */
const MIGRATIONS: Record<number, () => Promise<unknown>> = {
  // Format 11: the dashboard's references count products (a counter per product), recounted from the records.
  10: async () => (await import('@cellar/functions/counters/recount')).recountAll(),
  // Format 12: a product's list-sort keys carry its code after their value (the product list's tie-break).
  11: async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys(),
  // Format 13: a user is also sorted in its company's own list-sort partition (LS8–LS13).
  12: async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys(),
  // Format 14: products' and users' search words also kept by their beginnings in the list's order; users' list-sort
  // keys carry the last name after their value (the user list's tie-break).
  13: async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys(),
  // Format 15: stock lines' list-sort keys carry the product's code after their value (the stock list's tie-break).
  14: async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys(),
  // Format 16: each stock line also kept in its quality's own list-sort partition, in label order (LS15, a new
  // index: the table is given it first, as a deploy adds it).
  15: async () => (await import('@cellar/functions/migrations/list-keys')).migrateListKeys(),
};

/** How often the local runtime sweeps (the deployed schedule runs every few minutes: infra/lib/api-stack.ts). */
const SWEEP_EVERY_MS = 30_000;

/** Stops one thing the runtime started (awaited when it answers a promise). */
type Stop = () => unknown;

export async function startRuntime(o: RuntimeOptions = {}): Promise<Runtime> {
  const log = o.log ?? (() => undefined);
  const dataDir = resolve(o.dataDir ?? join(ROOT, '.cellar/data'));
  const formatFile = join(dataDir, 'data-format');
  const stored = existsSync(formatFile) ? Number(readFileSync(formatFile, 'utf8')) : undefined;
  const seeded = existsSync(join(dataDir, 'seeded'));
  // Data one format behind moves as a deployed stage's does (its migration); older data starts afresh.
  const migration = seeded && !o.reset && stored === DATA_FORMAT - 1 ? MIGRATIONS[stored] : undefined;
  const stale = seeded && stored !== DATA_FORMAT && !migration;
  if (stale && !o.reset) log('The stored data predates the current table format: starting from a fresh demo.');
  if (o.reset || stale) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (!migration) writeFileSync(formatFile, String(DATA_FORMAT));
  const firstStart = !existsSync(join(dataDir, 'seeded'));

  /** What is started, stopped in the reverse order: by `stop`, or at once by a start that fails half-way. */
  const started: Stop[] = [];
  const stopStarted = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    return {
      ...(await startOn(o, log, dataDir, { formatFile, stored, migration, firstStart }, started)),
      stop: stopStarted,
    };
  } catch (e) {
    await stopStarted().catch(() => undefined);
    throw e;
  }
}

async function startOn(
  o: RuntimeOptions,
  log: (line: string) => void,
  dataDir: string,
  data: { formatFile: string; stored?: number; migration?: () => Promise<unknown>; firstStart: boolean },
  started: Stop[],
): Promise<Omit<Runtime, 'stop'>> {
  const { formatFile, stored, migration, firstStart } = data;
  const emulators = await startEmulators(dataDir, [BUCKETS.imports.localName, BUCKETS.exports.localName]);
  started.push(() => emulators.stop());
  const { endpoints } = emulators;
  // The S3 endpoint the functions and the browser use: s3rver behind a front that checks presigned POST policies
  // and answers CORS for the site's origin, as S3 does (s3-front.ts).
  const siteOrigins: string[] = [];
  const s3Front = await startS3Front({
    target: endpoints.s3,
    credentials: CREDENTIALS,
    region: REGION,
    allowedOrigins: () => siteOrigins,
  });
  started.push(() => s3Front.close());
  await ensureTable(endpoints.dynamodb, LOCAL_TABLE_NAME);
  const importVisibility = o.importVisibilityTimeout ?? visibilityTimeoutSeconds(QUEUES.imports);
  const exportVisibility = visibilityTimeoutSeconds(QUEUES.exports);
  const imports = await ensureQueue(endpoints.sqs, QUEUES.imports.localName, importVisibility);
  const exports = await ensureQueue(endpoints.sqs, QUEUES.exports.localName, exportVisibility);
  const warehouseOrders = await ensureQueue(
    endpoints.sqs,
    QUEUES.warehouseOrders.localName,
    visibilityTimeoutSeconds(QUEUES.warehouseOrders),
  );
  const warehouseEvents = await ensureQueue(
    endpoints.sqs,
    QUEUES.warehouseEvents.localName,
    visibilityTimeoutSeconds(QUEUES.warehouseEvents),
  );
  const webhooks = await ensureQueue(
    endpoints.sqs,
    QUEUES.webhooks.localName,
    visibilityTimeoutSeconds(QUEUES.webhooks),
  );

  // The handlers read the same variables as in AWS; the SDK's service-specific endpoint variables
  // point them at the emulators.
  const env: Record<string, string> = {
    ...functionEnvironment({
      tableName: LOCAL_TABLE_NAME,
      importBucket: BUCKETS.imports.localName,
      exportBucket: BUCKETS.exports.localName,
      importQueueUrl: imports.queueUrl,
      exportQueueUrl: exports.queueUrl,
      warehouseOrdersQueueUrl: warehouseOrders.queueUrl,
      webhookQueueUrl: webhooks.queueUrl,
      appEnv: 'local',
      jwtSecret: secretIn(dataDir),
      s3ForcePathStyle: 'true',
    }),
    // For tests that look at the dead letters.
    IMPORT_DLQ_URL: imports.dlqUrl,
    // For the warehouse's own tests and the parity test (the warehouse reads them in AWS).
    WAREHOUSE_EVENTS_QUEUE_URL: warehouseEvents.queueUrl,
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: s3Front.url,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
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
          r.s3.bucket.name === BUCKETS.imports.localName &&
          r.s3.object.key.startsWith(BUCKETS.imports.uploadPrefix),
      );
      if (records.length) {
        sqs
          .send(
            new SendMessageCommand({ QueueUrl: imports.queueUrl, MessageBody: JSON.stringify({ Records: records }) }),
          )
          .catch((e) => log(`S3 notification lost: ${(e as Error).message}`));
      }
    },
  );

  // Where the handlers' e-mails are delivered, as SES delivers them in AWS.
  openMailbox(dataDir);
  started.push(closeMailbox);
  openWebhookReceiver(dataDir);
  started.push(closeWebhookReceiver);
  const importWorker = (await import('@cellar/functions/imports/worker')) as { handler: Worker };
  const exportWorker = (await import('@cellar/functions/exports/worker')) as { handler: Worker };
  const warehouseWorker = (await import('@cellar/functions/wms/worker')) as { handler: Worker };
  const webhookWorker = (await import('@cellar/functions/webhooks/worker')) as { handler: Worker };
  const { simulatedWarehouse } = await import('./warehouse');
  // The warehouse system itself, simulated: in AWS it is the provider's, reading the same queue.
  const warehouse = simulatedWarehouse({
    sqs,
    eventsQueueUrl: warehouseEvents.queueUrl,
    stepMs: 12_000,
    ...o.warehouse,
    // What it is doing survives a restart, as a real warehouse's does.
    stateFile: join(dataDir, 'warehouse.json'),
  });
  // Stopped once its queue's poller is (the stops run in reverse): the steps it planned are not played after.
  started.push(() => warehouse.stop());
  // Each queue's worker fed as Lambda's event source mapping feeds it in AWS.
  const poll = (queue: keyof typeof QUEUES, queueUrl: string, visibilityTimeout: number, worker: Worker) =>
    startPoller({
      client: sqs,
      queueUrl,
      queueArn: `arn:aws:sqs:${REGION}:123456789012:${QUEUES[queue].localName}`,
      worker,
      name: `cellar-${queue}-worker`,
      batchSize: WORK_QUEUE.batchSize,
      visibilityTimeout,
      timeoutSeconds: o.workerTimeoutSeconds?.[queue] ?? QUEUES[queue].workerTimeoutSeconds,
      // As Lambda scales the queue's function out; the simulated warehouse, the provider's system, reads one batch
      // at a time.
      concurrency: (QUEUES[queue] as { concurrency?: number }).concurrency ?? 1,
      onError: (e) => log(`${queue} worker: ${(e as Error).message}`),
    });
  const pollers = [
    poll('imports', imports.queueUrl, importVisibility, importWorker.handler),
    poll('exports', exports.queueUrl, exportVisibility, exportWorker.handler),
    poll(
      'warehouseEvents',
      warehouseEvents.queueUrl,
      visibilityTimeoutSeconds(QUEUES.warehouseEvents),
      warehouseWorker.handler,
    ),
    poll('webhooks', webhooks.queueUrl, visibilityTimeoutSeconds(QUEUES.webhooks), webhookWorker.handler),
    poll(
      'warehouseOrders',
      warehouseOrders.queueUrl,
      visibilityTimeoutSeconds(QUEUES.warehouseOrders),
      warehouse.handler,
    ),
  ];
  started.push(() => Promise.all(pollers.map((p) => p.stop())));

  // The queues are in memory: what a crash took from them is sent again from the jobs' records.
  const requeued = await requeueUnfinishedJobs({
    table: LOCAL_TABLE_NAME,
    importBucket: BUCKETS.imports.localName,
    importQueueUrl: imports.queueUrl,
    exportQueueUrl: exports.queueUrl,
  });
  if (requeued.imports + requeued.exports > 0)
    log(`Resuming ${requeued.imports} import(s) and ${requeued.exports} export(s) left unfinished.`);

  if (migration) {
    log(`Moving the stored data from format ${stored} to ${DATA_FORMAT}…`);
    log(`Moved: ${JSON.stringify(await migration())}`);
    writeFileSync(formatFile, String(DATA_FORMAT));
  }

  // The server listens before the sweep and the seed: an e-mail they send links to this very runtime, whose address
  // the port it gets says. Requests wait until the runtime is ready.
  let ready!: () => void;
  const server = createLocalServer(
    o.webRoot ?? join(ROOT, 'web/dist'),
    log,
    s3Front.url,
    new Promise<void>((ok) => {
      ready = ok;
    }),
  );
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(o.port ?? 3000, host, ok);
  });
  started.push(
    () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  );
  const port = (server.address() as AddressInfo).port;
  // Links in e-mails point at this very runtime.
  process.env.APP_URL = `http://${host}:${port}`;
  // The import bucket's CORS rule: POST from the site's origin only (both names of the loopback).
  siteOrigins.push(`http://${host}:${port}`);
  if (host === '127.0.0.1') siteOrigins.push(`http://localhost:${port}`);

  // What the scheduled sweep does in AWS: finish the document changes a crash left half-applied and publish what
  // the warehouse has not answered, now and then every SWEEP_EVERY_MS.
  const { sweep, SweepError } = await import('@cellar/functions/sweep/handler');
  // At start nothing else can be publishing: the outbox is published again at once (the local queues, in memory,
  // lost what a stop left in them; in AWS they keep it).
  // An entry it fails on is left for the timed sweeps: the runtime starts all the same.
  const swept = await sweep(0).catch((e) => {
    if (!(e instanceof SweepError)) throw e;
    log(`sweep: ${e.message}`);
    return e.result;
  });
  if (swept.settled) log(`Finished ${swept.settled} change(s) a stop left half-applied.`);
  if (swept.published) log(`Told the warehouse again of ${swept.published} order(s) it had not answered.`);

  if (firstStart && o.seed !== false) {
    const { seedDemo } = await import('./seed');
    await seedDemo(log);
    writeFileSync(join(dataDir, 'seeded'), new Date().toISOString());
  }

  // The timed sweeps start once the demo is written: its past is not news, and its orders waiting to be sent
  // again (005) wait for the button, however long the seed took.
  let sweeping: Promise<unknown> = Promise.resolve();
  const every = o.sweepEveryMs ?? SWEEP_EVERY_MS;
  const sweepTimer = every
    ? setInterval(() => {
        sweeping = sweep().catch((e) => log(`sweep: ${(e as Error).message}`));
      }, every)
    : undefined;
  sweepTimer?.unref();
  started.push(async () => {
    clearInterval(sweepTimer);
    await sweeping;
  });

  ready();

  return { url: `http://${host}:${port}`, env };
}
