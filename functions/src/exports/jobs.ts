/** Export jobs: one item per request, written by the API and then by the worker alone (ACCESS-PATTERNS.md). */

import { exportJobSchema } from '@cellar/shared/exports/schemas';
import { EXPORT_FORMATS } from '@cellar/shared/filter/query';
import { LANGUAGES } from '@cellar/shared/i18n/messages';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

/**
 * Where a file written over several invocations stands (the multipart upload, its parts, the list's position):
 * saved when an invocation stops for lack of time, read by the next one.
 */
const exportProgressSchema = z.object({
  /** The file's object and its multipart upload. */
  key: z.string(),
  filename: z.string(),
  uploadId: z.string(),
  /** The parts uploaded, in order, each at least S3's 5 MB. */
  parts: z.array(z.object({ PartNumber: z.number().int().positive(), ETag: z.string() })),
  /** The object holding the bytes written after the last part (less than a part), to start the next one with. */
  carry: z.string().nullable(),
  /** Every carry object written so far, deleted once the file is complete. */
  carries: z.array(z.string()),
  /** The list's position after the last page written; null before the first. */
  after: z.record(z.string(), z.string()).nullable(),
  /** The data rows written. */
  rows: z.number().int().nonnegative(),
  /** Whether the file's beginning (its header) is written. */
  started: z.boolean(),
  /** The format writer's own state (the XLSX sheet's checksum and sizes). */
  writer: z.unknown(),
  /** Every part is uploaded: what is left is to complete the upload and end the job. */
  completing: z.boolean(),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;

// What the requester sees of a job (its link is made on each read), and what the worker needs to run it.
const exportItemSchema = exportJobSchema.omit({ url: true }).extend({
  /** The requester: the only one who sees the job, and whom the worker acts as. */
  userId: z.string(),
  actorId: z.string().nullable(),
  route: z.string().refine((r): r is RouteId => Object.hasOwn(routes, r)),
  /** The list's query string. */
  query: z.string(),
  lang: z.enum(LANGUAGES),
  /** The file in the exports bucket. */
  key: z.string().nullable(),
  /** The file's format (jobs recorded before XLSX were CSV). */
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** The file as far as it is written, when an invocation stopped before its end. */
  progress: exportProgressSchema.nullable().default(null),
  /** The attempt running the job and until when (epoch ms): another one keeps out until then. */
  owner: z.string().nullable().default(null),
  leaseUntil: z.number().default(0),
  /** The invocations that worked on the job. */
  invocations: z.number().int().default(0),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

const exportRecords = defineEntity<ExportItem>({
  name: 'export',
  schema: exportItemSchema,
  key: (job) => keys.exportJob(job.id),
});

/** A job as the API records it: queued, nothing made yet. */
export const newExportJob = (
  fields: Pick<ExportItem, 'id' | 'userId' | 'actorId' | 'route' | 'query' | 'lang' | 'format'>,
): ExportItem => ({
  ...fields,
  status: 'queued',
  rows: null,
  filename: null,
  key: null,
  error: null,
  createdAt: new Date().toISOString(),
  finishedAt: null,
  progress: null,
  owner: null,
  leaseUntil: 0,
  invocations: 0,
});

export const findExport = (id: string) => exportRecords.get(keys.exportJob(id));

export const saveExport = (job: ExportItem) => exportRecords.save(job);

/** Whether the job is over: its file is made, or it failed. */
export const isFinished = (job: Pick<ExportItem, 'status'>) => job.status === 'done' || job.status === 'failed';

/** A change applied only while the job is not over and `owner` runs it (a replayed message never moves it). */
const whileRunning = (owner: string | null, set: Record<string, unknown>) => {
  const fields = Object.keys(set);
  return {
    update: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    condition: `#status IN (:queued, :running)${owner ? ' AND #owner = :owner' : ''}`,
    names: {
      '#status': 'status',
      ...(owner ? { '#owner': 'owner' } : {}),
      ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
    },
    values: {
      ':queued': 'queued',
      ':running': 'running',
      ...(owner ? { ':owner': owner } : {}),
      ...Object.fromEntries(fields.map((f, i) => [`:v${i}`, set[f]])),
    },
  };
};

/**
 * An attempt takes the job until `until` (its invocation's end): false when it is over, or another attempt holds
 * it (a message delivered twice runs once).
 *
 * ```
 * attempt A  claim ──── pages ──── save progress, lease 0, send ─┐
 * attempt B     claim? no: A holds it until its end → skipped     │
 * attempt C                                     claim ─── pages ───┴─ … complete, done
 * ```
 */
export async function claimExport(job: ExportItem, owner: string, until: number): Promise<boolean> {
  const change = whileRunning(null, { status: 'running', owner, leaseUntil: until });
  return exportRecords.update(job, {
    ...change,
    update: `${change.update} ADD invocations :one`,
    condition: `${change.condition} AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)`,
    values: { ...change.values, ':now': Date.now(), ':one': 1 },
  });
}

/**
 * Saves where the file stands, by its owner only; `release` lets the next invocation take the job at once. False
 * when the job is no longer this attempt's.
 */
export const saveProgress = (job: ExportItem, owner: string, progress: ExportProgress | null, release = false) =>
  exportRecords.update(job, whileRunning(owner, { progress, ...(release ? { leaseUntil: 0 } : {}) }));

/**
 * The job ends with its file, or its failure: true for the attempt that ends it, false for any other (a replayed
 * message's attempt keeps out, and the job keeps the file its rows count describes). Without an owner (a message
 * that will not be retried), whoever holds it.
 */
export const finishExport = (
  job: ExportItem,
  owner: string | null,
  end: Pick<ExportItem, 'status' | 'rows' | 'filename' | 'key' | 'error'> & { status: 'done' | 'failed' },
) =>
  exportRecords.update(
    job,
    whileRunning(owner, { ...end, progress: null, leaseUntil: 0, finishedAt: new Date().toISOString() }),
  );
