/**
 * Reading and writing import files (spec 3 §5 "CSV import file rules", §9): ';' separators, '#' comment lines,
 * an optional byte-order mark, the encoding detected (UTF-8, else Windows-1252 as spreadsheets save it), and the
 * header compared with the template's.
 */
import { parse } from 'csv-parse/sync';
import { BOM, CSV_SEPARATOR, csvCell } from '../csv/write';
import { IMPORT_MESSAGES, ImportFileError, type ImportRow } from './templates';

/** How an import file is parsed: the same options for the whole-text reader here and the server's streamed one. */
export const IMPORT_PARSE_OPTIONS = {
  delimiter: CSV_SEPARATOR,
  comment: '#',
  comment_no_infix: true,
  bom: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  relax_column_count: true,
  relax_quotes: true,
} as const;

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
    return parse(text, IMPORT_PARSE_OPTIONS) as string[][];
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.readFailure);
  }
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Where each of the template's columns is in the file's header, which must hold exactly the template's columns, in
 * any order and any case; otherwise ImportFileError('import.header_mismatch').
 */
export function importHeaderPositions(fileHeader: readonly string[] | undefined, header: readonly string[]): number[] {
  const expected = header.map(norm);
  const got = (fileHeader ?? []).map(norm);
  while (got.length && got[got.length - 1] === '') got.pop();
  const same =
    got.length === expected.length && expected.every((h) => got.includes(h)) && new Set(got).size === got.length;
  if (!same) throw new ImportFileError(IMPORT_MESSAGES.headerMismatch);
  return expected.map((h) => got.indexOf(h));
}

/** A cell the CSV writers neutralised (`'=1+1`, `'+33 6…`) reads back as the value it was. */
const unneutralised = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/** One record of the file as a row keyed by the template's labels (`positions` from `importHeaderPositions`). */
export const importRowOf = (line: readonly string[], header: readonly string[], positions: readonly number[]) =>
  Object.fromEntries(
    header.map((h, i) => [h, unneutralised((line[positions[i] as number] ?? '').trim())]),
  ) as ImportRow;

/**
 * The file's rows keyed by the template's labels. The header must hold exactly the template's columns, in any
 * order and any case; otherwise ImportFileError('import.header_mismatch').
 */
export function readImportRows(records: string[][], header: readonly string[], maxRows: number): ImportRow[] {
  const [fileHeader, ...lines] = records;
  const at = importHeaderPositions(fileHeader, header);
  if (!lines.length) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (lines.length > maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows, { max: maxRows });
  return lines.map((line) => importRowOf(line, header, at));
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

/** A cell of a refused-rows file: neutralised as every CSV writer does, quoted when it holds `;`, quotes, `#`… */
const refusedCell = (v: string) => {
  const text = csvCell(v);
  return text.startsWith('"') || !/#/.test(text) ? text : `"${text}"`;
};

/**
 * The lines of a refused-rows file, which imports again as it is: the template's header first (`refusedHeader`),
 * then each refused row after a comment line saying why (`# Ligne 3 : E-mail : …`), its cells as they were in the
 * file. The reader skips the comments and turns the neutralised cells back into their values.
 */
export const refusedHeader = (header: readonly string[]) => `${BOM}${header.join(CSV_SEPARATOR)}\r\n`;
export const refusedRowLines = (label: string, reasons: readonly string[], cells: readonly string[]) =>
  `# ${label} : ${reasons.join(' ').replace(/[\r\n]+/g, ' ')}\r\n${cells.map(refusedCell).join(CSV_SEPARATOR)}\r\n`;
