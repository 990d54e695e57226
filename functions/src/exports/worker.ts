/**
 * The export worker: SQS ({ id }) → here. It runs the list's own export as the requester (so the list's tenancy,
 * scopes and filters apply as in the API) and writes the file, CSV or XLSX, from the list's query pages into a
 * multipart upload to the exports bucket, part by part: neither the file nor the rows are ever whole in memory.
 *
 * Longer than an invocation: a million rows may take longer than the worker's 15 minutes (a sparse filter reads
 * many more). Before each page the worker asks its time budget (platform/messaging/time-budget.ts) whether one more fits;
 * when it does not, it saves where the file stands on the job (the upload's id, the parts sent with their ETags,
 * the list's position after the last page written, the rows written, the format writer's state) with the bytes
 * written since the last part in a carry object, and sends the job's message again: a new invocation takes it up
 * at once and goes on from there. The upload is completed once, by the invocation that writes the last page.
 *
 * ```
 * claim ─ create upload ─ save ─ page … page ─ (time short) settle parts, put carry, save, release, send ─┐
 * claim ─ read carry ─ page … page ─ last part ─ save "completing" ─ complete ─ job done ◄─────────────────┘
 * ```
 *
 * Exactly once: an attempt first claims the job until its invocation's end (jobs.ts, `claimExport`), so a message
 * delivered twice runs once; every save is its owner's. An invocation that died (killed at its timeout) left the
 * job at its last save: its message, redelivered after the visibility timeout, goes on from there, sending the
 * parts after it again under the same numbers (a part sent again replaces the earlier one; the completion names
 * the parts it saved, with their ETags). A job found "completing" completes again, or finds its object made.
 * A failure the requester caused (a right lost since, a query no longer valid) ends the job as failed; anything
 * else aborts the upload, forgets the progress and is retried by the queue from the start.
 */
import { canAccess } from '@cellar/shared/access/roles';
import type { RouteDef } from '@cellar/shared/api/route';
import { QueryError } from '@cellar/shared/filter/query';
import { translate } from '@cellar/shared/i18n/messages';
import { routes } from '@cellar/shared/routes/table';
import type { Context, SQSRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { type Caller, callerFor } from '../caller/principal';
import { config } from '../config/config';
import { BUCKETS, QUEUES } from '../config/topology';
import { DomainError, describeError } from '../errors';
import { logger } from '../observability/logger';
import { recordMetric } from '../observability/metrics';
import { attachment, CONTENT_TYPES, segmentsOf } from '../platform/files/export-file';
import type { FileSegments } from '../platform/files/file-segments';
import { deleteObject, getObjectBytes, multipart, objectExists, putObject } from '../platform/files/objects';
import { listExport } from '../platform/http/lists';
import { sendMessage } from '../platform/messaging/queue';
import { leaseEnd, type TimeBudget, timeBudget, UNLIMITED } from '../platform/messaging/time-budget';
import { queueWorker } from '../platform/messaging/worker';
import { isExportable } from './exportable';
import { EXPORTS, type Exporter } from './exporters';
import {
  claimExport,
  type ExportItem,
  type ExportProgress,
  findExport,
  finishExport,
  isFinished,
  saveProgress,
} from './jobs';
import { PartWriter } from './parts';
import { exportQuery } from './service';

/** What an attempt did: ended the job with its file or its failure, stopped it to go on elsewhere, or left it. */
export type ExportOutcome = 'done' | 'failed' | 'paused' | 'skipped';

/** An invocation's context as the worker needs it; absent, the whole of the worker's timeout. */
type Invocation = Pick<Context, 'getRemainingTimeInMillis'>;

const fileOf = (key: string) => ({ Bucket: config.exportBucket, Key: key });
const uploadOf = (p: Pick<ExportProgress, 'key' | 'uploadId'>) => ({ ...fileOf(p.key), UploadId: p.uploadId });

/** Removes what a job's file left besides itself: its carry objects, and its upload when it never completed. */
async function clearUp(job: ExportItem, progress: ExportProgress | null, abort: boolean) {
  if (!progress) return;
  if (abort) {
    await multipart
      .abort(uploadOf(progress))
      .catch((error: unknown) => logger.warn('Export upload not aborted', { id: job.id, error: error as Error }));
  }
  for (const carry of progress.carries) {
    await deleteObject(fileOf(carry)).catch((error: unknown) =>
      logger.warn('Export carry not deleted', { id: job.id, carry, error: error as Error }),
    );
  }
}

/** The upload of the job's file, created and saved before the first page. */
async function begin(job: ExportItem, owner: string, filename: string, format: ExportItem['format']) {
  const key = `${BUCKETS.exports.filePrefix}${job.id}/${ulid()}/${filename}`;
  const uploadId = await multipart.create({
    ...fileOf(key),
    ContentType: CONTENT_TYPES[format],
    // The link downloads the file under its name rather than showing it.
    ContentDisposition: attachment(filename),
  });
  const progress: ExportProgress = {
    key,
    filename,
    uploadId,
    parts: [],
    carry: null,
    carries: [],
    after: null,
    rows: 0,
    started: false,
    writer: null,
    completing: false,
  };
  if (!(await saveProgress(job, owner, progress))) {
    await multipart.abort(uploadOf(progress)).catch(() => undefined);
    return undefined;
  }
  return progress;
}

/** Completes the upload (once: a completion found made already is this one's), then ends the job. */
async function complete(job: ExportItem, owner: string, progress: ExportProgress): Promise<ExportOutcome> {
  try {
    await multipart.complete(uploadOf(progress), progress.parts);
  } catch (e) {
    // An invocation that died between the completion and the job's end: the object is there.
    if ((e as Error).name !== 'NoSuchUpload' || !(await objectExists(fileOf(progress.key)))) throw e;
  }
  const end = { status: 'done', error: null, key: progress.key, filename: progress.filename, rows: progress.rows };
  if (!(await finishExport(job, owner, end as Parameters<typeof finishExport>[2]))) {
    logger.info('Export ended by another attempt', { id: job.id, key: progress.key });
    return 'skipped';
  }
  await clearUp(job, progress, false);
  logger.info('Export done', { id: job.id, route: job.route, format: job.format, rows: progress.rows });
  await recordMetric('exportDuration', Date.now() - Date.parse(job.createdAt));
  return 'done';
}

/**
 * Writes the job's file from where its progress stands, page by page while the budget allows, then completes it;
 * or saves its place and asks for a new invocation.
 */
async function writeFile(
  job: ExportItem,
  owner: string,
  caller: Caller,
  exporter: Exporter,
  def: RouteDef,
  budget: TimeBudget,
): Promise<ExportOutcome> {
  const query = exportQuery(def, job.query, job.format);
  const { pagesFrom, file, filename } = await listExport(await exporter(caller, query), query, job.lang);
  const saved = job.progress ?? (await begin(job, owner, filename, file.format));
  if (!saved) return 'skipped';
  if (saved.completing) return complete(job, owner, saved);
  const progress: ExportProgress = { ...saved, parts: [...saved.parts], carries: [...saved.carries] };
  const carry = progress.carry ? await getObjectBytes(fileOf(progress.carry)) : undefined;
  const parts = new PartWriter(uploadOf(progress), progress.parts, carry);
  const segments = await segmentsOf(file, progress.started ? progress.writer : undefined);
  if (!progress.started) await parts.write(await segments.start());
  const pages = pagesFrom(progress.after ?? undefined)[Symbol.asyncIterator]();
  let rows = progress.rows;
  let after = progress.after;
  for (;;) {
    if (!budget.allowsAnother()) {
      await pages.return?.(undefined);
      return pause(job, owner, progress, { parts, segments, rows, after });
    }
    const ended = await budget.step(async () => {
      const next = await pages.next();
      if (next.done) return true;
      await parts.write(await segments.rows(next.value.rows));
      rows += next.value.rows.length;
      after = next.value.after ?? null;
      return false;
    });
    if (ended) break;
  }
  await parts.write(await segments.end());
  const last: ExportProgress = { ...progress, parts: await parts.finish(), rows, after, completing: true };
  if (!(await saveProgress(job, owner, last))) return 'skipped';
  return complete(job, owner, last);
}

/**
 * Saves where the file stands (the bytes after the last part in a carry object of their own, so that the save
 * before stays whole for a replay), lets the job go, and sends its message for a new invocation.
 */
async function pause(
  job: ExportItem,
  owner: string,
  progress: ExportProgress,
  at: { parts: PartWriter; segments: FileSegments; rows: number; after: ExportProgress['after'] },
): Promise<ExportOutcome> {
  const held = await at.segments.pause();
  await at.parts.write(held.bytes);
  const bytes = await at.parts.settle();
  const carry = `${BUCKETS.exports.filePrefix}${job.id}/carry/${ulid()}`;
  await putObject({ ...fileOf(carry), Body: bytes });
  const next: ExportProgress = {
    ...progress,
    parts: [...at.parts.parts],
    carry,
    carries: [...progress.carries, carry],
    after: at.after,
    rows: at.rows,
    started: true,
    writer: held.state,
  };
  if (!(await saveProgress(job, owner, next, true))) return 'skipped';
  await sendMessage({ QueueUrl: config.exportQueueUrl, MessageBody: JSON.stringify({ id: job.id }) });
  logger.info('Export paused, to go on in a new invocation', { id: job.id, rows: at.rows, parts: next.parts.length });
  return 'paused';
}

/**
 * Runs one job as far as the invocation's time allows (`budget`: the batch's, shared by its jobs), to its end or to
 * a saved place from which a new invocation goes on. Without an invocation (a test, a script): to its end.
 */
export async function runExport(
  id: string,
  invocation?: Invocation,
  budget: TimeBudget = invocation ? timeBudget(invocation) : UNLIMITED,
): Promise<ExportOutcome> {
  const job = await findExport(id);
  if (!job) {
    logger.warn('No export job', { id });
    return 'skipped';
  }
  if (isFinished(job)) return 'skipped';
  const owner = ulid();
  const endsAt = invocation && Date.now() + invocation.getRemainingTimeInMillis();
  if (!(await claimExport(job, owner, leaseEnd(endsAt, QUEUES.exports.workerTimeoutSeconds)))) return 'skipped';
  const fail = async (error: string, progress = job.progress): Promise<ExportOutcome> => {
    await clearUp(job, progress, true);
    return (await finishExport(job, owner, { status: 'failed', rows: null, filename: null, key: null, error }))
      ? 'failed'
      : 'skipped';
  };
  const caller = await callerFor(job.userId, job.actorId ?? undefined);
  const exporter = isExportable(job.route) ? EXPORTS[job.route] : undefined;
  if (!caller || !exporter) return fail(translate(job.lang, 'api.unauthenticated'));
  // The list's access rule again: the requester's role or modules may have changed since the request.
  const def: RouteDef = routes[job.route];
  if (!canAccess(caller, def.access, def.scopes)) return fail(translate(job.lang, 'api.forbidden'));
  try {
    return await writeFile(job, owner, caller, exporter, def, budget);
  } catch (e) {
    // The upload is aborted and the job starts again from nothing: its progress read again, as it was saved.
    const stored = await findExport(id);
    if (e instanceof QueryError) return fail(Object.values(e.errors).flat().join(' '), stored?.progress);
    if (e instanceof DomainError) return fail(describeError(e, job.lang).message, stored?.progress);
    if (stored?.owner === owner && !isFinished(stored)) {
      await clearUp(stored, stored.progress, true);
      await saveProgress(stored, owner, null, true);
    }
    throw e;
  }
}

/** The job a message names. */
const exportIdOf = (message: SQSRecord) => (JSON.parse(message.body) as { id: string }).id;

/** A job whose message will not be retried ends as failed, so that nobody waits for it. */
async function abandon(id: string) {
  const job = await findExport(id);
  if (!job || isFinished(job)) return;
  await clearUp(job, job.progress, true);
  await finishExport(job, null, {
    status: 'failed',
    rows: null,
    filename: null,
    key: null,
    error: translate(job.lang, 'api.server_error'),
  });
}

export const handler = queueWorker({
  failure: 'Export failed',
  work: (message, budget, context) => runExport(exportIdOf(message), context, budget),
  abandon: (message) => abandon(exportIdOf(message)),
});
