/**
 * Large CSV and XLSX exports, built in the background (ARCHITECTURE: "large exports are generated asynchronously"). A list
 * whose export is over the grids' row limit is queued rather than streamed through the API, whose 29 s and
 * payload limits a big file would hit; the browser follows the job and downloads the file from storage.
 */
import * as z from 'zod';
import { EXPORT_FORMATS } from '../filter/query';

export const exportRequestSchema = z.object({
  /** The list's path, e.g. /api/stock-movements: one of the table's GET routes with a CSV export. */
  path: z.string().regex(/^\/api\/[a-z-]+$/),
  /** The list's query string (filters, sort, columns, date range), as the direct export would send it. */
  query: z.string().max(8000),
  /** The file: CSV or XLSX; the query's `output` when absent, else CSV. */
  format: z.enum(EXPORT_FORMATS).optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const exportStatus = z.enum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof exportStatus>;

export const exportJobSchema = z.object({
  id: z.string(),
  status: exportStatus,
  /** The file's data rows, once written. */
  rows: z.number().int().nullable(),
  filename: z.string().nullable(),
  /** A short-lived download link, once done. */
  url: z.string().nullable(),
  /** Why it failed, in the requester's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;
