/** Export jobs: one item per request, written by the API and then by the worker alone (ACCESS-PATTERNS.md). */

import { exportStatus } from '@cellar/shared/exports/schemas';
import { LANGUAGES } from '@cellar/shared/i18n/messages';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

const exportItemSchema = z.object({
  id: z.string(),
  /** The requester: the only one who sees the job, and whom the worker acts as. */
  userId: z.string(),
  actorId: z.string().nullable(),
  route: z.string().refine((r): r is RouteId => Object.hasOwn(routes, r)),
  /** The list's query string. */
  query: z.string(),
  lang: z.enum(LANGUAGES),
  status: exportStatus,
  rows: z.number().int().nullable(),
  filename: z.string().nullable(),
  /** The file in the exports bucket. */
  key: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportItem = z.infer<typeof exportItemSchema>;

const exportRecords = defineEntity<ExportItem>({
  name: 'export',
  schema: exportItemSchema,
  key: (job) => keys.exportJob(job.id),
});

export const findExport = (id: string) => exportRecords.get(keys.exportJob(id));

export const saveExport = (job: ExportItem) => exportRecords.save(job);
