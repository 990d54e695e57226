/**
 * An export's file, CSV or XLSX, written from the list's rows a page at a time into a stream: the background
 * export's multipart upload, or the buffer of a direct answer. Both writers take the same columns and the same
 * typed values (`exportCell` then `cellText` for the CSV, `sheetValue` for the XLSX); the XLSX writer is loaded
 * by the first XLSX export.
 */
import { PassThrough, Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { type CsvColumn, csvHead, csvLine } from '@cellar/shared/csv/write';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@cellar/shared/filter/query';
import type { Language } from '@cellar/shared/i18n/messages';

export const CONTENT_TYPES = EXPORT_CONTENT_TYPES;

/** A list's file name in the format asked: 'recipients.csv' → 'recipients.xlsx'. */
export const fileNameIn = (filename: string, format: ExportFormat) =>
  `${filename.replace(/\.csv$/, '')}.${format}`.replace(/[^\w.-]/g, '_');

/** The Content-Disposition of a download under this name. */
export const attachment = (filename: string) => `attachment; filename="${filename}"`;

export interface ExportWrite {
  format: ExportFormat;
  columns: readonly CsvColumn[];
  lang: Language;
  /** The XLSX sheet's name (the file's name without its extension). */
  sheet: string;
}

/** Lines of this many records go out as one chunk. */
const CSV_BATCH = 200;

async function* csvChunks(pages: AsyncIterable<readonly unknown[]>, columns: readonly CsvColumn[], count: () => void) {
  yield csvHead(columns);
  for await (const page of pages) {
    for (let i = 0; i < page.length; i += CSV_BATCH) {
      let chunk = '';
      for (const record of page.slice(i, i + CSV_BATCH)) {
        chunk += csvLine(record, columns);
        count();
      }
      yield chunk;
    }
  }
}

/**
 * Writes the rows into `sink` in the format asked, waiting for it as it takes them, and ends it; answers the data
 * rows written. A failure (of the rows' reading, or of the sink) destroys the sink with its error.
 */
export async function writeExport(
  pages: AsyncIterable<readonly unknown[]>,
  file: ExportWrite,
  sink: Writable,
): Promise<number> {
  if (file.format === 'csv') {
    let rows = 0;
    await pipeline(
      Readable.from(
        csvChunks(pages, file.columns, () => {
          rows += 1;
        }),
      ),
      sink,
    );
    return rows;
  }
  const { writeXlsx } = await import('./xlsx');
  try {
    return await writeXlsx(pages, file.columns, file.lang, sink, file.sheet);
  } catch (error) {
    sink.destroy(error as Error);
    throw error;
  }
}

/** The whole file in memory, for a direct answer (the grid's row limit bounds it). */
export async function exportBytes(
  pages: AsyncIterable<readonly unknown[]>,
  file: ExportWrite,
): Promise<{ bytes: Buffer; rows: number }> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const rows = await writeExport(pages, file, sink);
  await finished(sink);
  return { bytes: Buffer.concat(chunks), rows };
}
