/**
 * The import screen's state, kept pure: reading the chosen file into rows, and checking rows with the shared
 * template rules plus what only the API knows (e-mails already used). Cells edited since the last check are
 * 'unverified' until the next one (spec 3 §4 "Import cell validity").
 */
import { decodeImportFile, parseImportText, readImportRows } from '@cellar/shared/imports/file';
import {
  type CellCheck,
  checkRows,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportContext,
  ImportFileError,
  type ImportRow,
  importHeader,
  type RowCheck,
} from '@cellar/shared/imports/templates';

/** A grid row: its cells' text, where it was in the file, and its last check (none until checked). */
export interface GridRow {
  id: number;
  cells: ImportRow;
  check?: RowCheck;
  /** Keys edited since the last check. */
  edited: string[];
}

/** Reads the chosen file; ImportFileError carries the catalogue's message for what is wrong. */
export async function readFileRows(file: File | null, ctx: ImportContext): Promise<GridRow[]> {
  if (!file) throw new ImportFileError(IMPORT_MESSAGES.noFile);
  if (!/\.csv$/i.test(file.name)) throw new ImportFileError(IMPORT_MESSAGES.notCsv);
  if (file.size > IMPORT_MAX_BYTES) throw new ImportFileError(IMPORT_MESSAGES.readFailure);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.readFailure);
  }
  const rows = readImportRows(parseImportText(decodeImportFile(bytes)), importHeader(ctx), IMPORT_MAX_ROWS);
  return rows.map((cells, i) => ({ id: i + 1, cells, edited: [] }));
}

/** The cell's state as the grid shows it. */
export function cellState(row: GridRow, key: string): CellCheck {
  if (row.edited.includes(key) || !row.check) return { state: 'unverified' };
  return row.check.cells[key] ?? { state: 'valid' };
}

export interface GridCheck {
  rows: GridRow[];
  invalid: number;
  /** E-mails used twice in a user file: the persistent warning's list. */
  duplicateEmails: string[];
}

/** Checks every row with the shared template rules. */
export function checkGrid(ctx: ImportContext, rows: readonly GridRow[]): GridCheck {
  const out = checkRows(
    ctx,
    rows.map((r) => r.cells),
  );
  const checked = rows.map((row, i): GridRow => ({ ...row, check: out.checks[i] as RowCheck, edited: [] }));
  return {
    rows: checked,
    invalid: checked.filter((r) => !r.check?.valid).length,
    duplicateEmails: ctx.template === 'user' ? out.duplicates : [],
  };
}

const emailOf = (row: GridRow) => (row.cells.email ?? '').trim().toLowerCase();

/** The e-mails of checked user rows whose e-mail cell is otherwise valid: those the API is asked about. */
export function emailsToAsk(ctx: ImportContext, checked: readonly GridRow[]): string[] {
  if (ctx.template !== 'user') return [];
  return [...new Set(checked.filter((r) => r.check?.cells.email?.state === 'valid').map(emailOf))];
}

/** Marks the e-mail cells the API says are already used (lower-case e-mails in `taken`). */
export function markTaken(result: GridCheck, taken: ReadonlySet<string>): GridCheck {
  if (!taken.size) return result;
  const rows = result.rows.map((row): GridRow => {
    const check = row.check;
    if (!check || !taken.has(emailOf(row)) || check.cells.email?.state !== 'valid') return row;
    const email: CellCheck = { state: 'invalid', message: { key: IMPORT_MESSAGES.emailTaken } };
    return { ...row, check: { ...check, valid: false, input: undefined, cells: { ...check.cells, email } } };
  });
  return { ...result, rows, invalid: rows.filter((r) => !r.check?.valid).length };
}

/** Runs `fn` over the items, `limit` at a time. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Edits one cell: the row keeps its last check, the cell shows 'unverified' until the next one. */
export const editCell = (row: GridRow, key: string, value: string): GridRow => ({
  ...row,
  cells: { ...row.cells, [key]: value },
  edited: row.edited.includes(key) ? row.edited : [...row.edited, key],
});
