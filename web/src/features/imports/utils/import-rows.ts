/**
 * The import screen's state, kept pure: reading the chosen file into rows, and checking rows with the shared
 * template rules plus what only the API knows (e-mails and codes already used). An edited row is checked again at
 * once; its edited cells are 'unverified' only while the API is asked about them (spec 3 §4 "Import cell validity").
 */
import { decodeImportFile, parseImportText, readImportRows, writeImportFile } from '@cellar/shared/imports/file';
import {
  type CellCheck,
  checkRows,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportContext,
  ImportFileError,
  type ImportRow,
  importHeader,
  type RowCheck,
  uniqueKeyOf,
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
  if (file.size > IMPORT_MAX_BYTES) throw new ImportFileError(IMPORT_MESSAGES.tooLarge, { max: IMPORT_MAX_MEGABYTES });
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

/** The file's unique key that the API knows too: users' e-mails, the other templates' codes. */
export const askedKey = (ctx: ImportContext) => uniqueKeyOf(ctx.template);
/** A unique key as the API compares it: e-mails in lower case, codes as written. */
export const keyOf = (ctx: ImportContext, raw: string) =>
  askedKey(ctx) === 'email' ? raw.trim().toLowerCase() : raw.trim();
const keyValue = (ctx: ImportContext, row: GridRow) => keyOf(ctx, row.cells[askedKey(ctx)] ?? '');

/** The unique keys (e-mails, codes) of checked rows whose key cell is otherwise valid: those the API is asked about. */
export function keysToAsk(ctx: ImportContext, checked: readonly GridRow[]): string[] {
  const key = askedKey(ctx);
  return [...new Set(checked.filter((r) => r.check?.cells[key]?.state === 'valid').map((r) => keyValue(ctx, r)))];
}

/** Marks the key cells the API says are already used (e-mails in lower case, codes as written, in `taken`). */
export function markTaken(ctx: ImportContext, result: GridCheck, taken: ReadonlySet<string>): GridCheck {
  if (!taken.size) return result;
  const key = askedKey(ctx);
  const message = { key: key === 'email' ? IMPORT_MESSAGES.emailTaken : IMPORT_MESSAGES.codeTaken };
  const rows = result.rows.map((row): GridRow => {
    const check = row.check;
    if (!check || !taken.has(keyValue(ctx, row)) || check.cells[key]?.state !== 'valid') return row;
    const cell: CellCheck = { state: 'invalid', message };
    return { ...row, check: { ...check, valid: false, input: undefined, cells: { ...check.cells, [key]: cell } } };
  });
  return { ...result, rows, invalid: rows.filter((r) => !r.check?.valid).length };
}

/** Why a row is refused: each invalid or missing cell's message (under its column) and the row's own. */
export function rowReasons(
  row: GridRow,
): { column?: string; message: { key: string; values?: Record<string, unknown> } }[] {
  if (!row.check || row.check.valid) return [];
  const cells = Object.entries(row.check.cells)
    .filter(([key, c]) => c.state !== 'valid' && c.message && !row.edited.includes(key))
    .map(([key, c]) => ({ column: key, message: c.message as { key: string; values?: Record<string, unknown> } }));
  return [...cells, ...row.check.errors.map((message) => ({ message }))];
}

/**
 * The rows the server refused, as a file the user can correct and import again as it is: the template's header, then
 * each refused row after a comment line saying why (lines starting with # are skipped on import). `refused` maps a
 * row number of the sent file to its reasons, worded by the server; `label` words a row number ("Ligne 3").
 */
export function refusedRowsFile(
  header: readonly string[],
  rows: readonly GridRow[],
  refused: ReadonlyMap<number, readonly string[]>,
  label: (row: number) => string,
): string {
  const lines = [writeImportFile(header, []).trimEnd()];
  for (const row of rows) {
    const reasons = refused.get(row.id);
    if (!reasons) continue;
    lines.push(`# ${label(row.id)} : ${reasons.join(' ').replace(/[\r\n]+/g, ' ')}`);
    lines.push(writeImportFile(header, [row.cells]).split('\r\n')[1] as string);
  }
  return `${lines.join('\r\n')}\r\n`;
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
