/**
 * The import pipeline's worker: S3 (incoming/{jobId}.csv) → SQS → here. For each uploaded file it loads the job,
 * acts as the user who uploaded it, checks every row with the shared template rules (`checkRow`), and creates the
 * valid ones through the entity's own service, so the API's rules (validation, tenancy, roles, uniqueness) apply to
 * every row. A redelivered message resumes where the last checkpoint left off, and a finished job is skipped. A
 * message that fails is reported in `batchItemFailures` so only it is retried, then dead-lettered.
 *
 * At real sizes (100,000 rows), with memory flat in the file's size:
 *   1. Survey (reader.ts): the object is streamed once to decide its encoding (UTF-8 else Windows-1252, on the whole
 *      file as the upload decides), check its header, count its rows (the job's total) and find the values of the
 *      unique key that repeat (a Set of the values seen: the only thing that grows with the rows). Every row
 *      holding a repeated value is refused, as the browser's `checkRows` refuses it.
 *   2. Rows: the object is streamed again and read in chunks of CHUNK_ROWS. Contacts and products are created by
 *      their services' bulk creation (`createContacts`, `createProducts`: each row checked by the same rules as one
 *      create, then written by the entity's `insertMany` with the same conditions, WRITE_CONCURRENCY at a time,
 *      the search words in full batches and each counter moved once per chunk); users and companies go one by
 *      one through `createUser` / `createCompany` (a welcome e-mail, a multi-supplier entry each).
 *   3. Checkpoint: the chunk's refused rows are stored (refused.ts, one item per row keyed by its number), then the
 *      job is saved with its progress. The screen's rows per second and estimated end count from `startedAt`.
 *
 * Crash-safe: each row's record gets an id of its own, derived from the job and the row (`rowRecordId`). A worker
 * that died after creating some rows of a chunk, before its checkpoint, left records with those ids: the resumed
 * attempt starts again at that chunk, finds them and counts them as created (not "already used"), and a claim of a
 * unique value left by a half-done insert is recognised as the row's own. The replayed chunk writes its refused
 * rows' items again (the same keys) and drops those of rows it created after all. A job that resumes ends with a
 * recount of its entity's counters, which a chunk cut between its items and its counters left short.
 *
 * Longer than an invocation: 100,000 rows take longer than the worker's 300 seconds. Before each chunk (and each
 * job of a batch) the worker asks its time budget (platform/messaging/time-budget.ts) whether one more fits; when it does
 * not, the job is left at its last checkpoint, marked `paused`, and the message's remaining records are sent to the
 * queue again as a new message, which a new invocation picks up at once: the job goes on from its checkpoint (its
 * file surveyed again), without waiting for a visibility timeout or counting as a failed receive.
 */

import { createHash } from 'node:crypto';
import type { CompanyInput } from '@cellar/shared/companies/schemas';
import type { ContactCreate } from '@cellar/shared/contacts/schemas';
import { type Language, translate } from '@cellar/shared/i18n/messages';
import { type OrderRow, referenceOf, withGroupProblems } from '@cellar/shared/imports/orders';
import { IMPORT_ERRORS_KEPT, importProgress } from '@cellar/shared/imports/schemas';
import {
  asDuplicate,
  type CellMessage,
  checkRow,
  fileKeyOf,
  IMPORT_MAX_ROWS,
  type ImportContext,
  ImportFileError,
  type ImportRow,
  importColumns,
  importHeader,
  type RowCheck,
  uniqueKeyOf,
} from '@cellar/shared/imports/templates';
import type { ProductInput } from '@cellar/shared/products/schemas';
import type { UserCreate } from '@cellar/shared/users/schemas';
import type { S3Event, SQSRecord } from 'aws-lambda';
import pLimit from 'p-limit';
import { ulid } from 'ulid';
import { type Caller, callerFor } from '../caller/principal';
import { createCompany } from '../companies/service';
import { config } from '../config/config';
import { QUEUES } from '../config/topology';
import { contactRecords } from '../contacts/repository';
import { createContacts } from '../contacts/service';
import { recount } from '../data/counters';
import { type CompanyItem, readCompany, references } from '../data/reference';
import { ConflictError, DomainError, describeError } from '../errors';
import { correlationId, withCorrelation } from '../observability/correlation';
import { logger } from '../observability/logger';
import { recordMetric } from '../observability/metrics';
import { getObject } from '../platform/files/objects';
import { sendMessage } from '../platform/messaging/queue';
import { leaseEnd, type TimeBudget, UNLIMITED } from '../platform/messaging/time-budget';
import { queueWorker } from '../platform/messaging/worker';
import { productRecords } from '../products/repository';
import { createProducts } from '../products/service';
import { getUser } from '../users/repository';
import { createUser } from '../users/service';
import { claimRun, findJob, type JobItem, releaseRun, saveJob } from './jobs';
import type { OrderProblem } from './orders';
import type { ByteSource, ImportSurvey } from './reader';
import { forgetRefused, saveRefused } from './refused';
import { contextFor, jobIdOfKey, withSuppliers } from './service';
import { columnLabel, importText } from './wording';

/**
 * Rows checked and written together, between two saves of the job's progress (a save every second or so at the
 * emulator's pace, so that the screen sees the rows per second move).
 */
export const CHUNK_ROWS = 250;
/** Contacts and products of a chunk written at once (each a few conditional writes). */
const WRITE_CONCURRENCY = 24;
/** Users and companies of a chunk created at once through their services. */
const ONE_BY_ONE_CONCURRENCY = 8;

/** The id of a row's record: the same for every attempt at the job (a ULID of the job's time, seeded by the row). */
export function rowRecordId(job: Pick<JobItem, 'id' | 'createdAt'>, row: number): string {
  const seed = createHash('sha256').update(`${job.id}#${row}`).digest();
  let i = 0;
  return ulid(Date.parse(job.createdAt), () => (seed[i++ % seed.length] as number) / 256);
}

/** Creates one user or company as the uploader would have through the API. */
function create(job: JobItem, caller: Caller, input: unknown, id: string) {
  return job.template === 'user'
    ? createUser(caller, input as UserCreate, undefined, id)
    : createCompany(caller, input as CompanyInput, undefined, id);
}

/** Whether a user's or a company's record exists (created by an earlier attempt at the job). */
async function exists(job: JobItem, id: string): Promise<boolean> {
  if (job.template === 'user') return (await getUser(id)) !== undefined;
  if (job.template === 'company') return (await readCompany(id)) !== undefined;
  return false;
}

/** The recount of a template's counted entity, run after a resumed job. */
const RECOUNT: Partial<Record<JobItem['template'], () => Promise<unknown>>> = {
  contact: () => recount(contactRecords),
  product: () => recount(productRecords),
};

/** A message about one column, named by its label with each language's punctuation. */
const aboutColumn = (lang: Language, label: string, message: string) =>
  translate(lang, 'import.column_message', { label, message });

const cellText = (lang: Language, label: string, m: CellMessage) =>
  aboutColumn(lang, label, importText(lang, m.key, m.values));

/** The label of the column an input field comes from ('attributes.color' → 'Colour'), by column field. */
function labelOfField(labels: ReadonlyMap<string, string>, path: string): string | undefined {
  for (const [field, label] of labels) if (path === field || path.startsWith(`${field}.`)) return label;
  return undefined;
}

/**
 * Why the API refused a row, in the uploader's language, each field named by its column's label as the cells'
 * messages are (a field no column fills says its message alone: its path means nothing to the uploader).
 */
function refusal(error: DomainError, lang: Language, labels: ReadonlyMap<string, string> = new Map()): string[] {
  const { message, errors } = describeError(error, lang);
  const lines = Object.entries(errors ?? {}).flatMap(([field, messages]) => {
    const label = labelOfField(labels, field);
    return messages.map((m) => (label ? aboutColumn(lang, label, m) : m));
  });
  return lines.length ? lines : [message];
}

function fail(job: JobItem, row: number, messages: string[]) {
  job.failed += 1;
  if (job.errors.length < IMPORT_ERRORS_KEPT) job.errors.push({ row, messages });
}

/** A row of the file read and not yet written. */
type Pending = { row: number; cells: ImportRow };

/** How a run of a job ended: finished (done, failed or nothing to do), or paused at a checkpoint for lack of time. */
type RunOutcome = 'ended' | 'paused';

/**
 * Runs one job to its end (or to the first unexpected failure, which the queue retries), or, when `budget` runs
 * short, to a checkpoint from which a new invocation goes on.
 */
export async function runImport(bucket: string, key: string, budget: TimeBudget = UNLIMITED): Promise<RunOutcome> {
  const id = jobIdOfKey(key);
  const job = id ? await findJob(id) : undefined;
  if (!job) {
    logger.warn('No import job for this object', { key });
    return 'ended';
  }
  if (job.status === 'done' || job.status === 'failed') return 'ended';
  if (!budget.allowsAnother()) return 'paused';
  // Another delivery of the same notification runs the job already, or a run holds it: it is that run's.
  if (!(await claimRun(job, leaseEnd(budget.endsAt(), QUEUES.imports.workerTimeoutSeconds)))) return 'ended';
  // The upload's request id: its logs and the worker's read as one story.
  return withCorrelation(job.correlationId ?? correlationId() ?? job.id, async () => {
    try {
      return await runJob(job, bucket, key, budget);
    } catch (e) {
      // This run failed and the queue delivers its message again: that delivery takes the job at once.
      await releaseRun(job);
      throw e;
    }
  });
}

/** How a refusal names the columns: by their label in the uploader's language, from a cell or from an input field. */
interface Wording {
  labels: ReadonlyMap<string, string>;
  fieldLabels: ReadonlyMap<string, string>;
}

/** Why a row's check refused it: each cell's message under its column's label, then the row's own. */
function checkRefusal(check: RowCheck, lang: Language, wording: Wording): string[] {
  const cells = Object.entries(check.cells)
    .filter(([, c]) => c.message && c.state !== 'valid')
    .map(([k, c]) => cellText(lang, wording.labels.get(k) ?? k, c.message as CellMessage));
  return [...cells, ...check.errors.map((m) => importText(lang, m.key, m.values))];
}

/**
 * Creates a chunk's valid rows as the uploader: contacts and products through their services' bulk creation (the
 * same rules and write conditions as one create, written together), users and companies one by one through their
 * services (a user's welcome e-mail, a company's multi-supplier entry). Answers each row's refusal, if any.
 */
async function createRows(
  job: JobItem,
  caller: Caller,
  rows: readonly { input: unknown; id: string }[],
): Promise<(DomainError | undefined)[]> {
  switch (job.template) {
    case 'contact':
      return createContacts(caller, rows as { input: ContactCreate; id: string }[], WRITE_CONCURRENCY);
    case 'product':
      return createProducts(caller, rows as { input: ProductInput; id: string }[], WRITE_CONCURRENCY);
    default: {
      const limit = pLimit(ONE_BY_ONE_CONCURRENCY);
      return Promise.all(
        rows.map(({ input, id }) =>
          limit(async () => {
            try {
              await create(job, caller, input, id);
              return undefined;
            } catch (e) {
              if (!(e instanceof DomainError)) throw e;
              // Created by an attempt that died before saving its progress: this row's own record.
              if (e instanceof ConflictError && (await exists(job, id))) return undefined;
              return e;
            }
          }),
        ),
      );
    }
  }
}

/** Runs a job this run has claimed. */
async function runJob(job: JobItem, bucket: string, key: string, budget: TimeBudget): Promise<RunOutcome> {
  // Found running and not paused: an earlier attempt died on it.
  const resumed = job.status === 'running' && !job.paused;
  const finish = async (status: 'done' | 'failed', message?: string): Promise<RunOutcome> => {
    job.status = status;
    job.leaseUntil = 0;
    job.finishedAt = new Date().toISOString();
    if (message) job.errors.push({ row: 0, messages: [message] });
    await saveJob(job);
    logger.info('Import finished', { id: job.id, status, created: job.created, failed: job.failed });
    await recordMetric('importRowsWritten', job.created);
    await recordMetric('importRowsRefused', job.failed);
    const { rowsPerSecond } = importProgress(job, Date.parse(job.finishedAt));
    if (rowsPerSecond) await recordMetric('importRowsPerSecond', rowsPerSecond);
    return 'ended';
  };
  const caller = await callerFor(job.userId, job.actorId ?? undefined);
  if (!caller) return finish('failed', translate(job.lang, 'api.unauthenticated'));
  job.status = 'running';
  job.paused = false;
  job.invocations += 1;
  if (resumed) job.recountAtEnd = true;
  // Rows per second count from the first attempt's start (importProgress).
  job.startedAt ??= new Date().toISOString();
  await saveJob(job);

  const source: ByteSource = async () => {
    const out = await getObject({ Bucket: bucket, Key: key });
    if (!out.Body) throw new Error(`Empty object ${key}`);
    return out.Body as unknown as AsyncIterable<Uint8Array>;
  };
  let base: ImportContext;
  let header: string[];
  let survey: ImportSurvey;
  // The CSV reader loads with the first file (no function starts with it).
  const { importRows, surveyImportFile } = await import('./reader');
  let wording: Wording;
  try {
    const choices = {
      type: job.type ?? undefined,
      owner: job.ownerId ?? undefined,
      warehouse: job.warehouseId ?? undefined,
      segment: job.segment ?? undefined,
    };
    base = await contextFor(caller, job.template, choices);
    header = importHeader(base);
    survey = await budget.step(() => surveyImportFile(source, job.template, header, IMPORT_MAX_ROWS));
    const columns = importColumns(base);
    wording = {
      labels: new Map(columns.map((c) => [c.key, columnLabel(c, job.lang)])),
      fieldLabels: new Map(columns.map((c) => [c.field, columnLabel(c, job.lang)])),
    };
  } catch (e) {
    // The caller lost the right to import, or the account changed, since the upload.
    if (e instanceof DomainError) return finish('failed', refusal(e, job.lang).join(' '));
    if (e instanceof ImportFileError) return finish('failed', translate(job.lang, e.key, e.values));
    throw e;
  }
  job.total = survey.rows;
  const uniqueKey = uniqueKeyOf(job.template);
  const columns = importColumns(base);
  // The first chunk of a resumed job may have been written in part by the attempt that died.
  let replaying = resumed;

  /** Checks and writes one chunk, records its refused rows, then saves the job's progress: the checkpoint. */
  const runChunk = async (chunk: { row: number; cells: ImportRow }[]) => {
    const ctx = await withSuppliers(
      base,
      chunk.map((r) => r.cells),
    );
    const checks = chunk.map(({ cells }) => {
      const check = checkRow(ctx, cells, columns);
      return survey.duplicates.has(fileKeyOf(cells, uniqueKey)) ? asDuplicate(check, uniqueKey) : check;
    });
    const reasons: (string[] | undefined)[] = checks.map((c) =>
      c.valid ? undefined : checkRefusal(c, job.lang, wording),
    );
    const valid = checks.flatMap((c, i) => (c.valid ? [i] : []));
    const outcomes = await createRows(
      job,
      caller,
      valid.map((i) => ({ input: checks[i]?.input, id: rowRecordId(job, (chunk[i] as { row: number }).row) })),
    );
    for (const [k, error] of outcomes.entries()) {
      if (error) reasons[valid[k] as number] = refusal(error, job.lang, wording.fieldLabels);
    }
    const refused = chunk.flatMap((r, i) => {
      const messages = reasons[i];
      return messages ? [{ row: r.row, cells: header.map((h) => r.cells[h] ?? ''), messages }] : [];
    });
    await checkpoint(
      chunk.map((r) => r.row),
      refused,
      (chunk[chunk.length - 1] as { row: number }).row,
    );
  };

  /**
   * Records a chunk's refused rows (a replayed chunk writes the same rows' items again, keyed by row number, and
   * drops those of rows a dead attempt refused that this one created), then the job's progress: the checkpoint.
   */
  const checkpoint = async (
    rows: readonly number[],
    refused: readonly { row: number; cells: string[]; messages: string[] }[],
    reached: number,
  ) => {
    await saveRefused(job.id, refused);
    if (replaying) {
      const refusedRows = new Set(refused.map((r) => r.row));
      await forgetRefused(
        job.id,
        rows.filter((row) => !refusedRows.has(row)),
      );
      replaying = false;
    }
    for (const r of refused) fail(job, r.row, r.messages);
    job.created += rows.length - refused.length;
    job.processed = reached;
    await saveJob(job);
  };

  /**
   * Why each row of one order was refused, if it was: a row the rules refuse refuses its whole order; an order whose
   * rows are all valid is created through the orders service (orders.ts), whose refusal is every row's.
   */
  const orderOutcome = async (
    rows: readonly Pending[],
    owner: CompanyItem | undefined,
  ): Promise<(string[] | undefined)[]> => {
    const reference = referenceOf((rows[0] as Pending).cells);
    const problems = reference ? survey.orders.problems(reference) : undefined;
    const checks = rows.map((r) => withGroupProblems(checkRow(base, r.cells, columns), reference, problems));
    const refusedWhole = (reason: string) => importText(job.lang, 'import.order_refused', { reference, reason });
    const invalid = rows.filter((_, i) => !checks[i]?.valid).map((r) => r.row);
    if (invalid.length) {
      const others = refusedWhole(importText(job.lang, 'import.order_other_rows', { rows: invalid.join(', ') }));
      return checks.map((c) => (c.valid ? [others] : checkRefusal(c, job.lang, wording)));
    }
    if (!owner) return rows.map(() => [translate(job.lang, 'api.forbidden')]);
    const order = { reference, rows: rows.map((r, i) => ({ row: r.row, input: checks[i]?.input as OrderRow })) };
    let found: OrderProblem[];
    try {
      // The orders service and its stock effects load with the first order file (no function starts with them).
      // What the warehouse must hear of a send is in the outbox with it: the sweep publishes it (outbox/outbox.ts).
      const { importOrder } = await import('./orders');
      found = await importOrder(caller, owner, job.id, order);
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      const reason = refusal(e, job.lang, wording.fieldLabels).join(' ');
      return rows.map(() => [refusedWhole(reason)]);
    }
    if (!found.length) return rows.map(() => undefined);
    const texts = found.map((p) => ({
      row: p.row,
      text: cellText(job.lang, wording.labels.get(p.column) ?? p.column, p.message),
    }));
    return rows.map((r) => {
      const own = texts.filter((t) => t.row === r.row || t.row === 'all').map((t) => t.text);
      return own.length ? own : [refusedWhole(texts.map((t) => t.text).join(' '))];
    });
  };

  /** Creates a chunk's orders in file order (each sees the stock the earlier ones left), then its checkpoint. */
  const runOrderChunk = async (orders: readonly Pending[][], reached: number) => {
    const owner = base.ownerId ? (await references()).companies.get(base.ownerId) : undefined;
    const refused: { row: number; cells: string[]; messages: string[] }[] = [];
    for (const rows of orders) {
      const reasons = await orderOutcome(rows, owner);
      rows.forEach((r, i) => {
        const messages = reasons[i];
        if (messages) refused.push({ row: r.row, cells: header.map((h) => r.cells[h] ?? ''), messages });
      });
    }
    refused.sort((a, b) => a.row - b.row);
    await checkpoint(
      orders.flatMap((rows) => rows.map((r) => r.row)),
      refused,
      reached,
    );
  };

  /** Leaves the job at its last checkpoint, for a new invocation to go on from. */
  const pause = async (): Promise<RunOutcome> => {
    job.paused = true;
    // The new invocation takes the job at once.
    job.leaseUntil = 0;
    await saveJob(job);
    logger.info('Import paused, to go on in a new invocation', { id: job.id, processed: job.processed });
    return 'paused';
  };

  try {
    if (job.template === 'order') {
      // An order is written once its last row is read; rows of orders a checkpoint finished are skipped, the rows
      // before it of orders still open are read again (an order may end after the checkpoint that passed its start).
      const open = new Map<string, Pending[]>();
      let ready: Pending[][] = [];
      let readyRows = 0;
      let reached = job.processed;
      for await (const { row, cells } of importRows(source, survey.encoding, header)) {
        const reference = referenceOf(cells);
        const last = reference ? survey.orders.lastRow(reference) : row;
        if (last <= job.processed) continue;
        reached = row;
        const rows = open.get(reference) ?? [];
        rows.push({ row, cells });
        if (reference && row < last) {
          open.set(reference, rows);
          continue;
        }
        open.delete(reference);
        ready.push(rows);
        readyRows += rows.length;
        if (readyRows < CHUNK_ROWS) continue;
        if (!budget.allowsAnother()) return pause();
        const chunk = ready;
        await budget.step(() => runOrderChunk(chunk, row));
        ready = [];
        readyRows = 0;
      }
      if (ready.length) {
        const chunk = ready;
        await budget.step(() => runOrderChunk(chunk, reached));
      }
      return finish('done');
    }
    let chunk: { row: number; cells: ImportRow }[] = [];
    for await (const { row, cells } of importRows(source, survey.encoding, header)) {
      // Rows up to the last checkpoint were done by an earlier attempt.
      if (row <= job.processed) continue;
      if (!chunk.length && !budget.allowsAnother()) return pause();
      chunk.push({ row, cells });
      if (chunk.length < CHUNK_ROWS) continue;
      await budget.step(() => runChunk(chunk));
      chunk = [];
    }
    if (chunk.length) await budget.step(() => runChunk(chunk));
  } catch (e) {
    if (e instanceof ImportFileError) return finish('failed', translate(job.lang, e.key, e.values));
    throw e;
  }
  if (job.recountAtEnd) await RECOUNT[job.template]?.();
  return finish('done');
}

/** Sends the records still to run to the queue again, as a new message for a new invocation. */
async function continueLater(s3Event: Partial<S3Event>, records: S3Event['Records']) {
  await sendMessage({ QueueUrl: config.importQueueUrl, MessageBody: JSON.stringify({ ...s3Event, Records: records }) });
}

/** The jobs of a message that will not be retried end as failed (the file itself stays for inspection). */
async function abandon(body: string) {
  const s3Event = JSON.parse(body) as Partial<S3Event>;
  for (const record of s3Event.Records ?? []) {
    const id = jobIdOfKey(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')));
    const job = id ? await findJob(id) : undefined;
    if (!job || job.status === 'done' || job.status === 'failed') continue;
    job.errors.push({ row: 0, messages: [translate(job.lang, 'api.server_error')] });
    await saveJob({ ...job, status: 'failed', leaseUntil: 0, finishedAt: new Date().toISOString() });
  }
}

/** The files a message announces, each run in turn; those a paused one leaves go on in a new message. */
async function runMessage(message: SQSRecord, budget: TimeBudget) {
  const s3Event = JSON.parse(message.body) as Partial<S3Event>;
  const records = s3Event.Records ?? [];
  for (const [i, record] of records.entries()) {
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    if ((await runImport(record.s3.bucket.name, key, budget)) === 'paused') {
      await continueLater(s3Event, records.slice(i));
      return;
    }
  }
}

export const handler = queueWorker({
  failure: 'Import failed',
  work: (message, budget) => runMessage(message, budget),
  abandon: (message) => abandon(message.body),
});
