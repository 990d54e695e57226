/**
 * The export worker: SQS ({ id }) → here. It runs the list's own export as the requester (so the list's tenancy,
 * scopes and filters apply as in the API), puts the file in the exports bucket with its download name, and
 * records the job done with the row count. A finished job is skipped; a failure the requester caused (a right
 * lost since, a query no longer valid) ends the job as failed; anything else is retried by the queue.
 */
import { canAccess } from '@cellar/shared/access/roles';
import { QueryError } from '@cellar/shared/filter/query';
import { translate } from '@cellar/shared/i18n/messages';
import type { RouteDef } from '@cellar/shared/routes/define';
import { routes } from '@cellar/shared/routes/table';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { callerFor } from '../auth/principal';
import { config } from '../config/config';
import { BUCKETS } from '../config/topology';
import { putObject } from '../data/client';
import { DomainError, describeError } from '../errors';
import { correlationOfRecord, withCorrelation } from '../platform/correlation';
import { ROW_COUNT_HEADER } from '../platform/csv';
import { logger } from '../platform/logger';
import { recordMetric } from '../platform/metrics';
import { isLastAttempt, tracedWorker } from '../platform/queue';
import { isExportable } from './exportable';
import { EXPORTS } from './exporters';
import { findExport, saveExport } from './jobs';
import { exportQuery } from './service';

const FILENAME = /filename="([^"]+)"/;

export async function runExport(id: string): Promise<void> {
  const job = await findExport(id);
  if (!job) return logger.warn('No export job', { id });
  if (job.status === 'done' || job.status === 'failed') return;
  const fail = async (error: string) => {
    await saveExport({ ...job, status: 'failed', error, finishedAt: new Date().toISOString() });
  };
  const caller = await callerFor(job.userId, job.actorId ?? undefined);
  const exporter = isExportable(job.route) ? EXPORTS[job.route] : undefined;
  if (!caller || !exporter) return fail(translate(job.lang, 'api.unauthenticated'));
  // The list's access rule again: the requester's role or modules may have changed since the request.
  const def: RouteDef = routes[job.route];
  if (!canAccess(caller, def.access, def.scopes)) return fail(translate(job.lang, 'api.forbidden'));
  await saveExport({ ...job, status: 'running' });
  let file: Awaited<ReturnType<typeof exporter>>;
  try {
    file = await exporter(caller, exportQuery(def, job.query), job.lang);
  } catch (e) {
    if (e instanceof QueryError) return fail(Object.values(e.errors).flat().join(' '));
    if (e instanceof DomainError) return fail(describeError(e, job.lang).message);
    throw e;
  }
  const disposition = file.headers['Content-Disposition'] ?? 'attachment; filename="export.csv"';
  const filename = FILENAME.exec(disposition)?.[1] ?? 'export.csv';
  const key = `${BUCKETS.exports.filePrefix}${job.id}/${filename}`;
  await putObject({
    Bucket: config.exportBucket,
    Key: key,
    Body: file.body,
    ContentType: 'text/csv; charset=utf-8',
    // The link downloads the file under its name rather than showing it.
    ContentDisposition: disposition,
  });
  await saveExport({
    ...job,
    status: 'done',
    rows: Number(file.headers[ROW_COUNT_HEADER] ?? 0),
    filename,
    key,
    finishedAt: new Date().toISOString(),
  });
  logger.info('Export done', { id: job.id, route: job.route });
  await recordMetric('exportDuration', Date.now() - Date.parse(job.createdAt));
}

/** A job whose message will not be retried ends as failed, so that nobody waits for it. */
async function abandon(id: string) {
  const job = await findExport(id);
  if (!job || job.status === 'done' || job.status === 'failed') return;
  await saveExport({
    ...job,
    status: 'failed',
    error: translate(job.lang, 'api.server_error'),
    finishedAt: new Date().toISOString(),
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
