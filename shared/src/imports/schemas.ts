/** CSV import jobs and the calls that feed them (spec 3 §7 "CSV templates and import"). */
import * as z from 'zod';
import { ROLES } from '../access/roles';
import { segmentCode } from '../common/schemas';
import { type ContactType, contactType } from '../contacts/schemas';
import { id } from '../validation/zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportTemplateName,
  importTemplate,
} from './templates';

/** Contact imports name their type; the others take none. */
export const importTypeFor = (template: ImportTemplateName, type: ContactType | undefined) =>
  template === 'contact' ? type : undefined;

export const templateParams = z.object({ template: importTemplate });

/** GET /api/csv/{template}: the template file (returnFile=true, the default) or its header labels. */
export const templateQuery = z.strictObject({
  type: contactType.optional(),
  returnFile: z.enum(['true', 'false']).default('true'),
});

export const templateLabelsSchema = z.object({ labels: z.array(z.string()) });

/**
 * POST /api/csv/{template} (JSON), the upload's first step: the screen's choices and what the browser knows of the
 * file. The server checks the caller's right, the template and the choices, records the job, and answers with a
 * presigned POST that lets the browser put this one file, of at most this size, straight into S3 under the job's
 * key; S3 then starts the worker.
 */
export const importRequestSchema = z.strictObject({
  type: contactType.optional(),
  /** The account the rows go to (superadmin); others import into their own. */
  owner: id.optional(),
  warehouse: id.optional(),
  segment: segmentCode.optional(),
  /** The file's size in bytes, which the presigned policy then holds the upload to. */
  size: z
    .number()
    .int()
    .min(1, { error: IMPORT_MESSAGES.empty })
    // Said in megabytes: the refusal reads "at most 20 MB", not a count of bytes.
    .refine((n) => n <= IMPORT_MAX_BYTES, {
      error: IMPORT_MESSAGES.tooLarge,
      params: { max: IMPORT_MAX_MEGABYTES },
      abort: true,
    })
    // The bound as zod's own check too, where the published document reads it (the message says it in megabytes).
    .max(IMPORT_MAX_BYTES),
  /** The rows the browser counted: the job's total until the worker has read the file. */
  rows: z
    .number()
    .int()
    .min(1, { error: IMPORT_MESSAGES.empty })
    .max(IMPORT_MAX_ROWS, { error: IMPORT_MESSAGES.tooManyRows }),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** A presigned POST: the form fields to send, the file last, to this URL. */
export const uploadTicketSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const importStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof importStatus>;
export const isImportFinished = (s: ImportStatus) => s === 'done' || s === 'failed';

/** Rows the server refused, with why; the list keeps the first ones only. */
export const IMPORT_ERRORS_KEPT = 100;
export const importRowErrorSchema = z.object({
  /** 1-based row number in the file, the header not counted. */
  row: z.number().int(),
  messages: z.array(z.string()),
});

export const importJobSchema = z.object({
  id: z.string(),
  template: importTemplate,
  type: contactType.nullable(),
  ownerId: z.string().nullable(),
  status: importStatus,
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  errors: z.array(importRowErrorSchema),
  createdAt: z.string(),
  /** When the worker began on the file (rows per second count from here); null until it has. */
  startedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** The answer to an import request: the recorded job (queued, waiting for its file) and where to put the file. */
export const importStartSchema = z.object({ job: importJobSchema, upload: uploadTicketSchema });
export type ImportStart = z.infer<typeof importStartSchema>;

export const importRequiredOwner = (role: number, template: ImportTemplateName, type?: ContactType) =>
  role === ROLES.superadmin &&
  (template === 'user' ||
    template === 'product' ||
    template === 'order' ||
    (template === 'contact' && type !== 'carrier'));

/**
 * How fast a running job goes and when it should end, from its progress alone: rows per second since the worker
 * began, and the seconds left at that rate. Null while there is nothing to measure yet.
 * @example importProgress({ ...job, startedAt: '2026-01-01T10:00:00Z', processed: 500, total: 1000 }, Date.parse('2026-01-01T10:00:10Z'))
 *   // → { rowsPerSecond: 50, secondsLeft: 10 }
 */
export function importProgress(
  job: Pick<ImportJob, 'startedAt' | 'finishedAt' | 'processed' | 'total'>,
  now: number,
): { rowsPerSecond: number | null; secondsLeft: number | null } {
  const started = job.startedAt ? Date.parse(job.startedAt) : Number.NaN;
  const end = job.finishedAt ? Date.parse(job.finishedAt) : now;
  const seconds = (end - started) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0 || job.processed <= 0)
    return { rowsPerSecond: null, secondsLeft: null };
  const rowsPerSecond = job.processed / seconds;
  const left = Math.max(0, job.total - job.processed);
  return { rowsPerSecond, secondsLeft: job.finishedAt ? 0 : Math.ceil(left / rowsPerSecond) };
}
