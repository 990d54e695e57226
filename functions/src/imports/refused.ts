/**
 * The rows an import refused, every one of them: one item per row beside its job (`IMPORT#<id>`, `REFUSED#<row>`),
 * keyed by the row's number so that a replayed chunk writes the same items again, and kept 30 days (`ttl`; the
 * local emulator has no TTL, so reads skip what has expired). The worker writes a chunk's refused rows before the
 * chunk's checkpoint; the report (`GET /api/imports/{id}/refused`) reads them back page by page.
 */
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { batchDelete, batchPut, queryAll } from '../data/table';

/** How long the refused rows of an import can be downloaded. */
export const REFUSED_KEEP_DAYS = 30;

const refusedSchema = z.object({
  jobId: z.string(),
  /** 1-based row number in the file, the header not counted. */
  row: z.number().int(),
  /** The row's cells as the file held them, in the template's column order. */
  cells: z.array(z.string()),
  /** Why, in the uploader's language. */
  messages: z.array(z.string()),
  ttl: z.number(),
});
export type RefusedRow = z.infer<typeof refusedSchema>;

const refusedRecords = defineEntity<RefusedRow>({
  name: 'importRefused',
  schema: refusedSchema,
  key: (r) => keys.importRefused(r.jobId, r.row),
});

/** Records a chunk's refused rows (the same items again when the chunk is replayed). */
export async function saveRefused(
  jobId: string,
  rows: readonly { row: number; cells: string[]; messages: string[] }[],
): Promise<void> {
  const ttl = Math.floor(Date.now() / 1000) + REFUSED_KEEP_DAYS * 24 * 3600;
  await batchPut(rows.map((r) => refusedRecords.item({ jobId, ...r, ttl })));
}

/** Drops the refused items of rows that a replay created after all. */
export const forgetRefused = (jobId: string, rows: readonly number[]) =>
  batchDelete(rows.map((row) => keys.importRefused(jobId, row)));

/** The job's refused rows in file order, read a page at a time. */
export async function* refusedRows(jobId: string): AsyncGenerator<RefusedRow> {
  const now = Math.floor(Date.now() / 1000);
  for await (const item of queryAll({ pk: keys.importJob(jobId).PK, skPrefix: keys.importRefusedPrefix }, 500)) {
    const row = refusedRecords.parse(item);
    if (row.ttl > now) yield row;
  }
}
