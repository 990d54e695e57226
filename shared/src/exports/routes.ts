/** Background CSV exports of the lists (spec 3 §7 "Exports", ARCHITECTURE "large exports"). */
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../api/route';
import { exportJobSchema, exportRequestSchema } from './schemas';

export const exportRoutes = {
  /** Queues the export of a list; the list's own access rule and query checks apply. Answers 202 with the job. */
  exportCreate: defineRoute({
    method: 'POST',
    path: '/api/exports',
    resource: 'exports',
    access: ACCESS.reader,
    body: exportRequestSchema,
    response: exportJobSchema,
    status: 202,
  }),
  /** The requester's job: its state, then a download link. */
  exportGet: defineRoute({
    method: 'GET',
    path: '/api/exports/{id}',
    resource: 'exports',
    access: ACCESS.reader,
    params: idParams,
    response: exportJobSchema,
  }),
} as const;
