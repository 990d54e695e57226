/** What an export's file writers share: what the file is, and how a writer hands on its bytes. */
import type { CsvColumn } from '@cellar/shared/csv/write';
import type { ExportFormat } from '@cellar/shared/filter/query';
import type { Language } from '@cellar/shared/i18n/messages';

export interface ExportWrite {
  format: ExportFormat;
  columns: readonly CsvColumn[];
  lang: Language;
  /** The XLSX sheet's name (the file's name without its extension). */
  sheet: string;
}

/**
 * A file written in segments by a caller that sends them on itself (the background export's parts), possibly
 * over several invocations: each call answers the bytes that follow what the last one answered.
 */
export interface FileSegments {
  /** The file's beginning (the CSV's BOM and header, the workbook's first entry and its sheet's head). */
  start(): Promise<Uint8Array>;
  /** The bytes of these rows (some may follow in a later call: the XLSX's deflate holds some back). */
  rows(rows: readonly unknown[]): Promise<Uint8Array>;
  /** Everything held back, and the state a new writer goes on from (`segmentsOf(file, state)`). */
  pause(): Promise<{ bytes: Uint8Array; state: unknown }>;
  /** The file's end. */
  end(): Promise<Uint8Array>;
}
