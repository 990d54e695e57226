/**
 * The import screen's state, kept pure: reading the chosen file into rows, and checking rows with the shared
 * template rules plus what only the API knows (e-mails already used). Cells edited since the last check are
 * 'unverified' until the next one (spec 3 §4 "Import cell validity").
 */
import { decodeImportFile, ImportFileError, parseImportText, readImportRows } from '@cellar/shared/import/file';
import {
  type CellCheck,
  checkRows,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportContext,
  type ImportRow,
  importHeader,
  type RowCheck,
} from '@cellar/shared/import/templates';

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

/** Checks every row; `taken` holds e-mails (lower case) the API says are already used. */
export function checkGrid(ctx: ImportContext, rows: readonly GridRow[], taken: ReadonlySet<string> = new Set()) {
  const out = checkRows(
    ctx,
    rows.map((r) => r.cells),
  );
  const checked = rows.map((row, i): GridRow => {
    let check = out.checks[i] as RowCheck;
    const email = (row.cells.email ?? '').trim().toLowerCase();
    if (ctx.template === 'user' && email && taken.has(email) && check.cells.email?.state === 'valid') {
      check = {
        ...check,
        valid: false,
        input: undefined,
        cells: { ...check.cells, email: { state: 'invalid', message: { key: IMPORT_MESSAGES.emailTaken } } },
      };
    }
    return { ...row, check, edited: [] };
  });
  return {
    rows: checked,
    invalid: checked.filter((r) => !r.check?.valid).length,
    /** E-mails used twice in a user file: the persistent warning's list. */
    duplicateEmails: ctx.template === 'user' ? out.duplicates : [],
  };
}

/** The e-mails of rows whose e-mail cell is otherwise valid: those the API is asked about. */
export function emailsToAsk(ctx: ImportContext, rows: readonly GridRow[]): string[] {
  if (ctx.template !== 'user') return [];
  const { rows: checked } = checkGrid(ctx, rows);
  const emails = checked
    .filter((r) => r.check?.cells.email?.state === 'valid')
    .map((r) => (r.cells.email ?? '').trim().toLowerCase());
  return [...new Set(emails)];
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
