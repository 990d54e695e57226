/** Export jobs: one item per request, written by the API and then by the worker alone (ACCESS-PATTERNS.md). */

import { exportJobSchema } from '@cellar/shared/exports/schemas';
import { EXPORT_FORMATS } from '@cellar/shared/filter/query';
import { LANGUAGES } from '@cellar/shared/i18n/messages';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

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
});

export const findExport = (id: string) => exportRecords.get(keys.exportJob(id));

export const saveExport = (job: ExportItem) => exportRecords.save(job);

/** Whether the job is over: its file is made, or it failed. */
export const isFinished = (job: Pick<ExportItem, 'status'>) => job.status === 'done' || job.status === 'failed';

/** A change applied only while the job is not over (a replayed message never moves a finished job). */
const whileUnfinished = (set: Record<string, unknown>) => {
  const fields = Object.keys(set);
  return {
    update: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
    condition: '#status IN (:queued, :running)',
    names: { '#status': 'status', ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) },
    values: {
      ':queued': 'queued',
      ':running': 'running',
      ...Object.fromEntries(fields.map((f, i) => [`:v${i}`, set[f]])),
    },
  };
};

/** The worker starts the job: false when it is already over. */
export const startExport = (job: ExportItem) => exportRecords.update(job, whileUnfinished({ status: 'running' }));

/**
 * The job ends with its file, or its failure: true for the one attempt that ends it, false for any other (a
 * replayed message's attempt that ran beside it keeps out, and the job keeps the file its rows count describes).
 */
export const finishExport = (
  job: ExportItem,
  end: Pick<ExportItem, 'status' | 'rows' | 'filename' | 'key' | 'error'> & { status: 'done' | 'failed' },
) => exportRecords.update(job, whileUnfinished({ ...end, finishedAt: new Date().toISOString() }));
