/**
 * CSV imports on the server. The import request checks the caller's right, the template and the screen's choices,
 * records a job and answers a presigned POST for incoming/{jobId}.csv: the browser puts the file straight into S3
 * (never through API Gateway or this function), held by the policy to that key, text/csv and its declared size. S3
 * notifies the import queue and the worker (worker.ts) reads the file, checks each row again with the shared
 * template rules and creates the records through the entities' own services, acting as the user who asked. The job
 * records progress and the refused rows.
 */
import { Readable } from 'node:stream';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { type Language, translate } from '@cellar/shared/i18n/messages';
import { canImport } from '@cellar/shared/imports/access';
import {
  type ImportJob,
  type ImportRequest,
  type ImportStart,
  importRequiredOwner,
  importTypeFor,
} from '@cellar/shared/imports/schemas';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportContext,
  type ImportRow,
  type ImportTemplateName,
  importColumns,
  importContext,
  importHeader,
} from '@cellar/shared/imports/templates';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import { config } from '../config/config';
import { keys } from '../data/keys';
import { references } from '../data/reference';
import { batchGet } from '../data/table';
import { ForbiddenError, InvalidError, NotFoundError } from '../errors';
import { correlationId } from '../observability/correlation';
import { presignedPost } from '../platform/files/objects';
import { HttpStream } from '../platform/http/pipeline';
import { findJob, type JobItem, saveJob } from './jobs';
import { refusedRows } from './refused';

/** Uploaded files wait for the worker under this prefix (the bucket notifies the import queue of it). */
export const INCOMING_PREFIX = 'incoming/';
export const incomingKey = (jobId: string) => `${INCOMING_PREFIX}${jobId}.csv`;
export const jobIdOfKey = (key: string) => /^incoming\/([0-9A-Z]+)\.csv$/.exec(key)?.[1];

/** How long the browser has to start its upload once the job is recorded. */
export const UPLOAD_TICKET_SECONDS = 15 * 60;
/** The one content type an import file is stored with (the policy refuses any other). */
export const IMPORT_CONTENT_TYPE = 'text/csv';

export interface ImportChoices {
  type?: ContactType;
  owner?: string;
  warehouse?: string;
  segment?: SegmentCode;
}

/**
 * The rows' context for this caller and these choices: the target account (the caller's own unless a superadmin
 * names one), its warehouses, and what the caller may give. The same function serves the upload and the worker.
 */
export async function contextFor(
  caller: Caller,
  template: ImportTemplateName,
  choices: ImportChoices,
): Promise<ImportContext> {
  const type = importTypeFor(template, choices.type);
  if (template === 'contact' && !type) throw new InvalidError({ type: [MESSAGES.required] });
  if (!canImport(caller, template, type)) throw new ForbiddenError();
  const refs = await references();
  const errors: Record<string, string[]> = {};
  let ownerId: string | undefined;
  if (template !== 'company' && type !== 'carrier') {
    ownerId = caller.isSuperadmin ? choices.owner : caller.tenantId;
    if (!ownerId && importRequiredOwner(caller.role, template, type)) errors.owner = [MESSAGES.required];
    else if (ownerId && !refs.companies.has(ownerId)) errors.owner = [MESSAGES.invalid];
  }
  const owner = ownerId ? refs.companies.get(ownerId) : undefined;
  const allWarehouses = [...refs.warehouses.values()].map((w) => ({ id: w.id, code: w.code }));
  const ownWarehouses = allWarehouses.filter((w) => owner?.warehouseIds.includes(w.id));
  if (type && type !== 'carrier' && choices.warehouse && !ownWarehouses.some((w) => w.id === choices.warehouse))
    errors.warehouse = [MESSAGES.invalid];
  if (type === 'recipient' && choices.segment && owner && !owner.segments.includes(choices.segment))
    errors.segment = [MESSAGES.invalid];
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return importContext({
    template,
    importer: caller,
    type,
    ownerId,
    warehouseId: type && type !== 'carrier' ? (choices.warehouse ?? null) : null,
    segment: type === 'recipient' ? (choices.segment ?? null) : null,
    warehouses: template === 'company' ? allWarehouses : ownWarehouses,
    topAgent: Boolean(owner?.isTopAgent),
    segments: template === 'order' ? (owner?.segments ?? []) : [],
  });
}

/**
 * Product rows name suppliers by code: the context learns the ones the rows name, read by key (a supplier's key
 * is its owner and code), rather than every supplier of the account.
 */
export async function withSuppliers(ctx: ImportContext, rows: readonly ImportRow[]): Promise<ImportContext> {
  if (ctx.template !== 'product' || !ctx.ownerId) return ctx;
  const owner = ctx.ownerId;
  const codes = [...new Set(rows.map((r) => (r.supplier ?? '').trim().toUpperCase()).filter(Boolean))];
  const found = await batchGet(codes.map((code) => keys.contact(owner, 'supplier', code)));
  return { ...ctx, suppliers: found.map((item) => ({ id: String(item.id), code: String(item.code) })) };
}

/**
 * GET /api/csv/{template}: the template's columns for the caller, or only its header labels. The file and its
 * commented guide are written in the reader's language at the edge (wording.ts).
 */
export async function templateOf(
  caller: Caller,
  template: ImportTemplateName,
  query: { type?: ContactType; returnFile: 'true' | 'false' },
): Promise<{ labels: string[] } | { columns: ImportColumn[] }> {
  const type = importTypeFor(template, query.type);
  if (template === 'contact' && !type) throw new InvalidError({ type: [MESSAGES.required] });
  if (!canImport(caller, template, type)) throw new ForbiddenError();
  // The guide lists the caller's own choices (its account's warehouses, the roles it may give).
  const ctx = await contextFor(caller, template, { type, owner: caller.tenantId });
  if (query.returnFile === 'false') return { labels: importHeader(ctx) };
  return { columns: importColumns(ctx) };
}

/**
 * The file's rows, or the catalogue's message for what is wrong with it. The CSV reader loads with the first file
 * read: the job and template calls of the same function never need it.
 */
export async function rowsOf(bytes: Uint8Array, ctx: ImportContext): Promise<ImportRow[]> {
  const { decodeImportFile, parseImportText, readImportRows } = await import('@cellar/shared/imports/file');
  return readImportRows(parseImportText(decodeImportFile(bytes)), importHeader(ctx), IMPORT_MAX_ROWS);
}

export function jobView(job: JobItem): ImportJob {
  return {
    id: job.id,
    template: job.template,
    type: job.type ?? null,
    ownerId: job.ownerId ?? null,
    status: job.status,
    total: job.total,
    processed: job.processed,
    created: job.created,
    failed: job.failed,
    errors: job.errors,
    createdAt: job.createdAt,
    startedAt: job.startedAt ?? null,
    finishedAt: job.finishedAt ?? null,
  };
}

/**
 * POST /api/csv/{template}: checks the caller's right, the template and the choices, records the job (queued, its
 * total the rows the browser counted until the worker has read the file) and answers the presigned POST of its
 * file: key incoming/{jobId}.csv exactly, text/csv, 1 byte to the declared size (itself at most IMPORT_MAX_BYTES),
 * valid UPLOAD_TICKET_SECONDS. The file is read and checked by the worker.
 * `lang` is the uploader's: kept on the job, the worker words the refused rows' messages in it.
 */
export async function uploadImport(
  caller: Caller,
  template: ImportTemplateName,
  body: ImportRequest,
  lang: Language,
): Promise<ImportStart> {
  const choices: ImportChoices = {
    type: body.type,
    owner: body.owner,
    warehouse: body.warehouse,
    segment: body.segment,
  };
  const ctx = await contextFor(caller, template, choices);
  const now = Date.now();
  const job: JobItem = {
    id: ulid(now),
    template,
    type: ctx.type ?? null,
    ownerId: ctx.ownerId ?? null,
    warehouseId: ctx.warehouseId ?? null,
    segment: ctx.segment ?? null,
    tenantId: caller.tenantId,
    userId: caller.user.id,
    actorId: caller.actorId ?? null,
    lang,
    status: 'queued',
    total: body.rows,
    processed: 0,
    created: 0,
    failed: 0,
    errors: [],
    createdAt: new Date(now).toISOString(),
    startedAt: null,
    finishedAt: null,
    correlationId: correlationId() ?? null,
    invocations: 0,
    paused: false,
    recountAtEnd: false,
    leaseUntil: 0,
  };
  // The job first: the worker looks it up when S3 tells it about the file.
  await saveJob(job);
  const ticket = await presignedPost({
    Bucket: config.importBucket,
    Key: incomingKey(job.id),
    contentType: IMPORT_CONTENT_TYPE,
    minBytes: 1,
    // The declared size: a file that grew since it was counted is not the one the job was recorded for.
    maxBytes: Math.min(body.size, IMPORT_MAX_BYTES),
    expiresIn: UPLOAD_TICKET_SECONDS,
  });
  return {
    job: jobView(job),
    upload: { ...ticket, expiresAt: new Date(now + UPLOAD_TICKET_SECONDS * 1000).toISOString() },
  };
}

/** A job the caller may see: the uploader's company sees its jobs; the provider sees all. Others get 404. */
async function visibleJob(caller: Caller, id: string): Promise<JobItem> {
  const job = await findJob(id);
  if (!job || !seesOwner(caller, job.tenantId)) throw new NotFoundError();
  return job;
}

/** GET /api/imports/{id}: the job's progress and its first refused rows. */
export async function getImport(caller: Caller, id: string): Promise<ImportJob> {
  return jobView(await visibleJob(caller, id));
}

/** The report's text, a page of stored rows at a time, in pieces of about this many characters. */
const REPORT_PIECE = 64 * 1024;

async function* reportText(job: JobItem): AsyncGenerator<string> {
  const { refusedHeader, refusedRowLines } = await import('@cellar/shared/imports/file');
  // The template's columns (their keys depend on the template and the contact type alone).
  const header = importHeader(
    importContext({
      template: job.template,
      type: job.type ?? undefined,
      importer: { role: 0, scope: [] },
      warehouses: [],
    }),
  );
  let piece = refusedHeader(header);
  for await (const r of refusedRows(job.id)) {
    piece += refusedRowLines(translate(job.lang, 'import.row_errors', { row: r.row }), r.messages, r.cells);
    if (piece.length < REPORT_PIECE) continue;
    yield piece;
    piece = '';
  }
  if (piece) yield piece;
}

/**
 * GET /api/imports/{id}/refused: every row the worker refused, as a file to correct and import again (see
 * `refusedRowLines`), in the uploader's language, streamed as the stored rows are read.
 */
export async function refusedReport(caller: Caller, id: string): Promise<HttpStream> {
  const job = await visibleJob(caller, id);
  return new HttpStream(200, Readable.from(reportText(job)), {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${job.template}-refused.csv"`,
  });
}
