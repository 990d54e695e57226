/**
 * The export worker: SQS ({ id }) → here. It runs the list's own export as the requester (so the list's tenancy,
 * scopes and filters apply as in the API) and streams the file, CSV or XLSX, from the list's query pages into a
 * multipart upload to the exports bucket: neither the file nor the rows are ever whole in memory. The job ends done
 * with the rows written, once: a replayed message finds it over, or, when it ran beside another attempt, wrote its
 * own object and leaves the job to the attempt that ended it. A failure the requester caused (a right lost since, a
 * query no longer valid) ends the job as failed; anything else aborts the upload and is retried by the queue.
 */
import { canAccess } from '@cellar/shared/access/roles';
import { QueryError } from '@cellar/shared/filter/query';
import { translate } from '@cellar/shared/i18n/messages';
import type { RouteDef } from '@cellar/shared/routes/define';
import { routes } from '@cellar/shared/routes/table';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { type Caller, callerFor } from '../auth/principal';
import { config } from '../config/config';
import { BUCKETS } from '../config/topology';
import { uploadStream } from '../data/client';
import { DomainError, describeError } from '../errors';
import { correlationOfRecord, withCorrelation } from '../platform/correlation';
import { attachment, CONTENT_TYPES, writeExport } from '../platform/export-file';
import { listExport } from '../platform/lists';
import { logger } from '../platform/logger';
import { recordMetric } from '../platform/metrics';
import { isLastAttempt, tracedWorker } from '../platform/queue';
import { isExportable } from './exportable';
import { EXPORTS, type Exporter } from './exporters';
import { type ExportItem, findExport, finishExport, isFinished, startExport } from './jobs';
import { exportQuery } from './service';

/** What an attempt did: ended the job with its file or its failure, or left it (over, or ended by another). */
export type ExportOutcome = 'done' | 'failed' | 'skipped';

/** Streams the job's file into the exports bucket under a key of this attempt's own; answers its key and rows. */
async function writeFile(job: ExportItem, caller: Caller, exporter: Exporter, def: RouteDef) {
  const query = exportQuery(def, job.query, job.format);
  const { pages, file, filename } = await listExport(await exporter(caller, query), query, job.lang);
  // Each attempt its own object: one running beside it (a replayed message) never writes into the job's file.
  const key = `${BUCKETS.exports.filePrefix}${job.id}/${ulid()}/${filename}`;
  const { body, done } = await uploadStream({
    Bucket: config.exportBucket,
    Key: key,
    ContentType: CONTENT_TYPES[file.format],
    // The link downloads the file under its name rather than showing it.
    ContentDisposition: attachment(filename),
  });
  let rows: number;
  try {
    rows = await writeExport(pages, file, body);
  } catch (error) {
    // The body is destroyed with the error: the upload fails and aborts its multipart upload.
    await done.catch((abort: unknown) => logger.warn('Export upload ended', { id: job.id, error: abort as Error }));
    throw error;
  }
  await done;
  return { key, filename, rows };
}

export async function runExport(id: string): Promise<ExportOutcome> {
  const job = await findExport(id);
  if (!job) {
    logger.warn('No export job', { id });
    return 'skipped';
  }
  if (isFinished(job)) return 'skipped';
  const fail = async (error: string): Promise<ExportOutcome> =>
    (await finishExport(job, { status: 'failed', rows: null, filename: null, key: null, error }))
      ? 'failed'
      : 'skipped';
  const caller = await callerFor(job.userId, job.actorId ?? undefined);
  const exporter = isExportable(job.route) ? EXPORTS[job.route] : undefined;
  if (!caller || !exporter) return fail(translate(job.lang, 'api.unauthenticated'));
  // The list's access rule again: the requester's role or modules may have changed since the request.
  const def: RouteDef = routes[job.route];
  if (!canAccess(caller, def.access, def.scopes)) return fail(translate(job.lang, 'api.forbidden'));
  if (!(await startExport(job))) return 'skipped';
  let written: Awaited<ReturnType<typeof writeFile>>;
  try {
    written = await writeFile(job, caller, exporter, def);
  } catch (e) {
    if (e instanceof QueryError) return fail(Object.values(e.errors).flat().join(' '));
    if (e instanceof DomainError) return fail(describeError(e, job.lang).message);
    throw e;
  }
  if (!(await finishExport(job, { status: 'done', error: null, ...written }))) {
    logger.info('Export ended by another attempt', { id: job.id, key: written.key });
    return 'skipped';
  }
  logger.info('Export done', { id: job.id, route: job.route, format: job.format, rows: written.rows });
  await recordMetric('exportDuration', Date.now() - Date.parse(job.createdAt));
  return 'done';
}

/** A job whose message will not be retried ends as failed, so that nobody waits for it. */
async function abandon(id: string) {
  const job = await findExport(id);
  if (!job || isFinished(job)) return;
  await finishExport(job, {
    status: 'failed',
    rows: null,
    filename: null,
    key: null,
    error: translate(job.lang, 'api.server_error'),
  });
}

export const handler = tracedWorker(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const message of event.Records) {
    // The request's id, carried by the message: its logs and the worker's read as one story.
    await withCorrelation(correlationOfRecord(message), async () => {
      try {
        await runExport((JSON.parse(message.body) as { id: string }).id);
      } catch (error) {
        logger.error('Export failed', { messageId: message.messageId, error: error as Error });
        if (isLastAttempt(message)) await abandon((JSON.parse(message.body) as { id: string }).id);
        batchItemFailures.push({ itemIdentifier: message.messageId });
      }
    });
  }
  return { batchItemFailures };
});
