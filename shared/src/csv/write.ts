/**
 * CSV as the provider's spreadsheets expect it: UTF-8 with a byte-order mark, ';' separators, CRLF,
 * each column's values as its `format` writes them (ISO dates without one), and cells that a spreadsheet would run as a formula (= + - @, tab, CR) neutralised
 * with a leading apostrophe.
 */
import { getPath } from '../common/path';
import { cellText } from './columns';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn {
  /** Dotted path in the record. */
  field: string;
  header: string;
  /** The value as written (a date as people read it, a code's label); the value itself when absent. */
  format?: (value: unknown) => unknown;
}

/** A column's value in a record, as its `format` writes it (a typed value: see `exportCell`). */
export const columnValue = (record: unknown, column: CsvColumn): unknown =>
  column.format ? column.format(getPath(record, column.field)) : getPath(record, column.field);

/** The file's start: the byte-order mark and the header line. */
export const csvHead = (columns: readonly CsvColumn[]): string =>
  `${BOM}${columns.map((c) => csvCell(c.header)).join(CSV_SEPARATOR)}\r\n`;

/** One record's line, with its line break. */
export const csvLine = (record: unknown, columns: readonly CsvColumn[]): string =>
  `${columns.map((c) => csvCell(columnValue(record, c))).join(CSV_SEPARATOR)}\r\n`;

export function toCsv(records: readonly unknown[], columns: readonly CsvColumn[]): string {
  let out = csvHead(columns);
  for (const r of records) out += csvLine(r, columns);
  return out;
}
