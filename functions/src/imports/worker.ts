/**
 * The import pipeline's worker: S3 (incoming/{jobId}.csv) → SQS → here. For each uploaded file it loads the job,
 * acts as the user who uploaded it, checks every row with the shared template rules, and creates the valid ones
 * through the entity's own service, so the API's rules (tenancy, roles, uniqueness) apply to every row. Progress is
 * saved every few rows; a redelivered message resumes where the last save left off, and a finished job is skipped.
 * A message that fails is reported in `batchItemFailures` so only it is retried, then dead-lettered.
 *
 * Crash-safe: each row's record gets an id of its own, derived from the job and the row (`rowRecordId`). A worker
 * that died after creating some rows of a chunk, before saving the chunk's progress, left records with those ids:
 * the resumed attempt finds them and counts them as created (not "already used"), and a claim of a unique value left
 * by a half-done insert is recognised as the row's own. A job that resumes ends with a recount of its entity's
 * counters, which an insert cut between its item and its counter left short.
 */

import { createHash } from 'node:crypto';
import type { CompanyInput } from '@cellar/shared/companies/schemas';
import type { ContactCreate } from '@cellar/shared/contacts/schemas';
import { type Language, translate } from '@cellar/shared/i18n/messages';
import { IMPORT_ERRORS_KEPT } from '@cellar/shared/imports/schemas';
import {
  type CellMessage,
  checkRows,
  ImportFileError,
  type ImportRow,
  importColumns,
  type RowCheck,
} from '@cellar/shared/imports/templates';
import type { ProductInput } from '@cellar/shared/products/schemas';
import type { UserCreate } from '@cellar/shared/users/schemas';
import type { S3Event, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { type Caller, callerFor } from '../auth/principal';
import { readCompany } from '../companies/repository';
import { createCompany } from '../companies/service';
import { contactRecords, findContact } from '../contacts/repository';
import { createContact } from '../contacts/service';
import { getObject } from '../data/client';
import { recount } from '../data/counters';
import { ConflictError, DomainError, describeError } from '../errors';
import { correlationId, correlationOfRecord, withCorrelation } from '../platform/correlation';
import { logger } from '../platform/logger';
import { recordMetric } from '../platform/metrics';
import { isLastAttempt, tracedWorker } from '../platform/queue';
import { findProduct, productRecords } from '../products/repository';
import { createProduct } from '../products/service';
import { getUser } from '../users/repository';
import { createUser } from '../users/service';
import { findJob, type JobItem, saveJob } from './jobs';
import { columnLabel, contextFor, jobIdOfKey, rowsOf, withSuppliers } from './service';

/** Rows written together, between two saves of the job's progress. */
const CHECKPOINT_ROWS = 20;

async function readObject(bucket: string, key: string): Promise<Uint8Array> {
  const out = await getObject({ Bucket: bucket, Key: key });
  if (!out.Body) throw new Error(`Empty object ${key}`);
  return out.Body.transformToByteArray();
}

/** The id of a row's record: the same for every attempt at the job (a ULID of the job's time, seeded by the row). */
export function rowRecordId(job: Pick<JobItem, 'id' | 'createdAt'>, row: number): string {
  const seed = createHash('sha256').update(`${job.id}#${row}`).digest();
  let i = 0;
  return ulid(Date.parse(job.createdAt), () => (seed[i++ % seed.length] as number) / 256);
}

/** Creates one row's record as the uploader would have through the API. */
function create(job: JobItem, caller: Caller, input: unknown, id: string) {
  switch (job.template) {
    case 'user':
      return createUser(caller, input as UserCreate, undefined, id);
    case 'company':
      return createCompany(caller, input as CompanyInput, undefined, id);
    case 'contact':
      return createContact(caller, input as ContactCreate, id);
    case 'product':
      return createProduct(caller, input as ProductInput, id);
  }
}

/** Whether a row's record exists (created by an earlier attempt at the job). */
async function exists(job: JobItem, id: string): Promise<boolean> {
  switch (job.template) {
    case 'user':
      return (await getUser(id)) !== undefined;
    case 'company':
      return (await readCompany(id)) !== undefined;
    case 'contact':
      return (await findContact(id)) !== undefined;
    case 'product':
      return (await findProduct(id)) !== undefined;
  }
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
  aboutColumn(lang, label, translate(lang, m.key, m.values));

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

/** Runs one job to its end (or to the first unexpected failure, which the queue retries). */
export async function runImport(bucket: string, key: string): Promise<void> {
  const id = jobIdOfKey(key);
  const job = id ? await findJob(id) : undefined;
  if (!job) {
    logger.warn('No import job for this object', { key });
    return;
  }
  if (job.status === 'done' || job.status === 'failed') return;
  // The upload's request id: its logs and the worker's read as one story.
  await withCorrelation(job.correlationId ?? correlationId() ?? job.id, () => runJob(job, bucket, key));
}

async function runJob(job: JobItem, bucket: string, key: string): Promise<void> {
  // Found running: an earlier attempt died on it.
  const resumed = job.status === 'running';
  const finish = async (status: 'done' | 'failed', message?: string) => {
    job.status = status;
    job.finishedAt = new Date().toISOString();
    if (message) job.errors.push({ row: 0, messages: [message] });
    await saveJob(job);
    logger.info('Import finished', { id: job.id, status, created: job.created, failed: job.failed });
    await recordMetric('importRowsWritten', job.created);
    await recordMetric('importRowsRefused', job.failed);
    const seconds = (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000;
    if (job.processed && seconds > 0) await recordMetric('importRowsPerSecond', job.processed / seconds);
  };
  const caller = await callerFor(job.userId, job.actorId ?? undefined);
  if (!caller) return finish('failed', translate(job.lang, 'api.unauthenticated'));
  job.status = 'running';
  await saveJob(job);

  let rows: ImportRow[];
  let checks: ReturnType<typeof checkRows>['checks'];
  let labels: Map<string, string>;
  let fieldLabels: Map<string, string>;
  try {
    const choices = {
      type: job.type ?? undefined,
      owner: job.ownerId ?? undefined,
      warehouse: job.warehouseId ?? undefined,
      segment: job.segment ?? undefined,
    };
    const base = await contextFor(caller, job.template, choices);
    rows = await rowsOf(await readObject(bucket, key), base);
    const ctx = await withSuppliers(base, rows);
    checks = checkRows(ctx, rows).checks;
    const columns = importColumns(ctx);
    labels = new Map(columns.map((c) => [c.key, columnLabel(c, job.lang)]));
    fieldLabels = new Map(columns.map((c) => [c.field, columnLabel(c, job.lang)]));
  } catch (e) {
    // The caller lost the right to import, or the account changed, since the upload.
    if (e instanceof DomainError) return finish('failed', refusal(e, job.lang).join(' '));
    if (e instanceof ImportFileError) return finish('failed', translate(job.lang, e.key, e.values));
    throw e;
  }
  job.total = rows.length;

  /** One row's outcome: nothing (created) or the reasons it was refused. */
  const run = async (i: number): Promise<string[] | undefined> => {
    const check = checks[i] as RowCheck;
    if (!check.valid) {
      const cells = Object.entries(check.cells)
        .filter(([, c]) => c.message && c.state !== 'valid')
        .map(([k, c]) => cellText(job.lang, labels.get(k) ?? k, c.message as CellMessage));
      return [...cells, ...check.errors.map((m) => translate(job.lang, m.key, m.values))];
    }
    const id = rowRecordId(job, i + 1);
    try {
      await create(job, caller, check.input, id);
      return undefined;
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      // Created by an attempt that died before saving its progress: this row's own record.
      if (e instanceof ConflictError && (await exists(job, id))) return undefined;
      return refusal(e, job.lang, fieldLabels);
    }
  };
  // The rows of a chunk run together (a file holds no duplicate keys, checkRows refused them); the job is saved
  // after each chunk, so a retry starts from the first unsaved one.
  for (let start = job.processed; start < checks.length; start += CHECKPOINT_ROWS) {
    const indexes = Array.from({ length: Math.min(CHECKPOINT_ROWS, checks.length - start) }, (_, k) => start + k);
    const outcomes = await Promise.all(indexes.map(run));
    for (const [k, refused] of outcomes.entries()) {
      if (refused) fail(job, start + k + 1, refused);
      else job.created += 1;
    }
    job.processed = start + indexes.length;
    await saveJob(job);
  }
  if (resumed) await RECOUNT[job.template]?.();
  await finish('done');
}

/** The jobs of a message that will not be retried end as failed (the file itself stays for inspection). */
async function abandon(body: string) {
  const s3Event = JSON.parse(body) as Partial<S3Event>;
  for (const record of s3Event.Records ?? []) {
    const id = jobIdOfKey(decodeURIComponent(record.s3.object.key.replace(/\+/g, ' ')));
    const job = id ? await findJob(id) : undefined;
    if (!job || job.status === 'done' || job.status === 'failed') continue;
    job.errors.push({ row: 0, messages: [translate(job.lang, 'api.server_error')] });
    await saveJob({ ...job, status: 'failed', finishedAt: new Date().toISOString() });
  }
}

export const handler = tracedWorker(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const message of event.Records) {
    await withCorrelation(correlationOfRecord(message), async () => {
      try {
        const s3Event = JSON.parse(message.body) as Partial<S3Event>;
        for (const record of s3Event.Records ?? []) {
          const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
          await runImport(record.s3.bucket.name, key);
        }
      } catch (error) {
        logger.error('Import failed', { messageId: message.messageId, error: error as Error });
        if (isLastAttempt(message)) await abandon(message.body);
        batchItemFailures.push({ itemIdentifier: message.messageId });
      }
    });
  }
  return { batchItemFailures };
});
