/**
 * CSV as the provider's spreadsheets expect it: UTF-8 with a byte-order mark, ';' separators, CRLF,
 * each column's values as its `format` writes them (ISO dates without one), and cells that a spreadsheet would run as a formula (= + - @, tab, CR) neutralised
 * with a leading apostrophe.
 */
import { getPath } from '../filter/match';

export const CSV_SEPARATOR = ';';
export const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value)) text = value.map((v) => (v === null || v === undefined ? '' : String(v))).join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
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

export function toCsv(records: readonly unknown[], columns: readonly CsvColumn[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(CSV_SEPARATOR)];
  for (const r of records) {
    lines.push(
      columns.map((c) => csvCell(c.format ? c.format(getPath(r, c.field)) : getPath(r, c.field))).join(CSV_SEPARATOR),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
