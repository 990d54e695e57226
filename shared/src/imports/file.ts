/**
 * Reading and writing import files (spec 3 §5 "CSV import file rules", §9): ';' separators, '#' comment lines,
 * an optional byte-order mark, the encoding detected (UTF-8, else Windows-1252 as spreadsheets save it), and the
 * header compared with the template's.
 */
import { parse } from 'csv-parse/sync';
import { CSV_SEPARATOR } from '../csv/write';
import { IMPORT_MESSAGES, ImportFileError, type ImportRow } from './templates';

/** The file's text: UTF-8 when the bytes are valid UTF-8, else Windows-1252. */
export function decodeImportFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Parses the text into records (header first). Throws ImportFileError('import.read_failure') when it cannot. */
export function parseImportText(text: string): string[][] {
  try {
    return parse(text, {
      delimiter: CSV_SEPARATOR,
      comment: '#',
      comment_no_infix: true,
      bom: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as string[][];
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.readFailure);
  }
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The file's rows keyed by the template's labels. The header must hold exactly the template's columns, in any
 * order and any case; otherwise ImportFileError('import.header_mismatch').
 */
export function readImportRows(records: string[][], header: readonly string[], maxRows: number): ImportRow[] {
  const [fileHeader, ...lines] = records;
  const expected = header.map(norm);
  const got = (fileHeader ?? []).map(norm);
  while (got.length && got[got.length - 1] === '') got.pop();
  const same =
    got.length === expected.length && expected.every((h) => got.includes(h)) && new Set(got).size === got.length;
  if (!same) throw new ImportFileError(IMPORT_MESSAGES.headerMismatch);
  if (!lines.length) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (lines.length > maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows, { max: maxRows });
  const at = header.map((h) => got.indexOf(norm(h)));
  return lines.map((line) => Object.fromEntries(header.map((h, i) => [h, (line[at[i] as number] ?? '').trim()])));
}

const cell = (v: string) => (/[";\r\n#]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The grid, written back as the file the server takes: header, then rows, ';' separated. */
export function writeImportFile(header: readonly string[], rows: readonly ImportRow[]): string {
  const lines = [
    header.join(CSV_SEPARATOR),
    ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(CSV_SEPARATOR)),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
