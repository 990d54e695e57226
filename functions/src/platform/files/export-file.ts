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
import type { ExportWrite, FileSegments } from './file-segments';

export const CONTENT_TYPES = EXPORT_CONTENT_TYPES;

/** A list's file name in the format asked: 'recipients.csv' → 'recipients.xlsx'. */
export const fileNameIn = (filename: string, format: ExportFormat) =>
  `${filename.replace(/\.csv$/, '')}.${format}`.replace(/[^\w.-]/g, '_');

/** The Content-Disposition of a download under this name. */
export const attachment = (filename: string) => `attachment; filename="${filename}"`;

const EMPTY = new Uint8Array(0);

function csvSegments(columns: readonly CsvColumn[]): FileSegments {
  return {
    start: async () => Buffer.from(csvHead(columns), 'utf8'),
    rows: async (rows) => {
      let text = '';
      for (const record of rows) text += csvLine(record, columns);
      return Buffer.from(text, 'utf8');
    },
    pause: async () => ({ bytes: EMPTY, state: null }),
    end: async () => EMPTY,
  };
}

/** The file's segment writer, new (`state` undefined) or going on from a paused one's state. */
export async function segmentsOf(file: ExportWrite, state?: unknown): Promise<FileSegments> {
  if (file.format === 'csv') return csvSegments(file.columns);
  const { xlsxSegments } = await import('./xlsx-segments');
  return xlsxSegments(file, state);
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
  const segments = await segmentsOf(file);
  let rows = 0;
  async function* bytes() {
    yield await segments.start();
    for await (const page of pages) {
      rows += page.length;
      yield await segments.rows(page);
    }
    yield await segments.end();
  }
  await pipeline(Readable.from(bytes()), sink);
  return rows;
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
