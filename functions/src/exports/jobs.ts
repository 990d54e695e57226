/** Export jobs: one item per request, written by the API and then by the worker alone (ACCESS-PATTERNS.md). */

import { exportJobSchema } from '@cellar/shared/exports/schemas';
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
});
export type ExportItem = z.infer<typeof exportItemSchema>;

const exportRecords = defineEntity<ExportItem>({
  name: 'export',
  schema: exportItemSchema,
  key: (job) => keys.exportJob(job.id),
});

export const findExport = (id: string) => exportRecords.get(keys.exportJob(id));

export const saveExport = (job: ExportItem) => exportRecords.save(job);
