/**
 * The import screen's state, kept pure: reading the chosen file into rows, and checking rows with the shared
 * template rules plus what only the API knows (e-mails and codes already used). An edited row is checked again at
 * once; its edited cells are 'unverified' only while the API is asked about them (spec 3 §4 "Import cell validity").
 */
import { decodeImportFile, parseImportText, readImportRows } from '@cellar/shared/imports/file';
import {
  type CellCheck,
  checkRow,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_MEGABYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportColumn,
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

/**
 * The chosen file, before it is read: a .csv within the size limit (its rows are read and checked in the import
 * checker's worker). ImportFileError carries the catalogue's message for what is wrong.
 */
export function acceptFile(file: File | null): File {
  if (!file) throw new ImportFileError(IMPORT_MESSAGES.noFile);
  if (!/\.csv$/i.test(file.name)) throw new ImportFileError(IMPORT_MESSAGES.notCsv);
  if (file.size > IMPORT_MAX_BYTES) throw new ImportFileError(IMPORT_MESSAGES.tooLarge, { max: IMPORT_MAX_MEGABYTES });
  return file;
}

/** Reads a file's bytes into rows; ImportFileError says what is wrong. */
export async function readRows(file: Blob, ctx: ImportContext): Promise<ImportRow[]> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.readFailure);
  }
  return readImportRows(parseImportText(decodeImportFile(bytes)), importHeader(ctx), IMPORT_MAX_ROWS);
}

/** The cell's state as the grid shows it. */
export function cellState(row: GridRow, key: string): CellCheck {
  if (row.edited.includes(key) || !row.check) return { state: 'unverified' };
  return row.check.cells[key] ?? { state: 'valid' };
}

/** The file's unique key that the API knows too: users' e-mails, the other templates' codes. */
export const askedKey = (ctx: ImportContext) => uniqueKeyOf(ctx.template);
/** A unique key as the API compares it: e-mails in lower case, codes as written. */
export const keyOf = (ctx: ImportContext, raw: string) =>
  askedKey(ctx) === 'email' ? raw.trim().toLowerCase() : raw.trim();

const TAKEN_MESSAGES: string[] = [IMPORT_MESSAGES.emailTaken, IMPORT_MESSAGES.codeTaken];

/**
 * Whether the API is asked about a checked row's key: its key cell is valid by the rules (or was found taken,
 * which may have changed since).
 */
export function askable(ctx: ImportContext, check: RowCheck | undefined): boolean {
  const cell = check?.cells[askedKey(ctx)];
  return cell?.state === 'valid' || TAKEN_MESSAGES.includes(cell?.message?.key ?? '');
}

/**
 * A row's check with what the API said: a key cell otherwise valid whose value is `taken` (e-mails in lower case,
 * codes as written) is invalid, 'already used'.
 */
export function markTaken(ctx: ImportContext, cells: ImportRow, check: RowCheck, taken: ReadonlySet<string>): RowCheck {
  const key = askedKey(ctx);
  if (!taken.size || check.cells[key]?.state !== 'valid' || !taken.has(keyOf(ctx, cells[key] ?? ''))) return check;
  const message = { key: key === 'email' ? IMPORT_MESSAGES.emailTaken : IMPORT_MESSAGES.codeTaken };
  return { ...check, valid: false, input: undefined, cells: { ...check.cells, [key]: { state: 'invalid', message } } };
}

/**
 * The edited row checked again at once, on the page, with the shared rules: only this row. What depends on other
 * rows or on the API is the checker's (duplicates in the file) and the API's (keys already used): an edit of
 * another cell keeps the key cell's last verdict; an edit of the key cell leaves it 'unverified' until they answer.
 */
export function recheckEdited(
  ctx: ImportContext,
  columns: readonly ImportColumn[],
  row: GridRow,
  column: string,
  value: string,
): GridRow {
  const key = askedKey(ctx);
  const cells = { ...row.cells, [column]: value };
  let check: RowCheck = { ...checkRow(ctx, cells, [...columns]), input: undefined };
  const last = row.check?.cells[key];
  if (column !== key && last?.state === 'invalid' && check.cells[key]?.state === 'valid')
    check = { ...check, valid: false, cells: { ...check.cells, [key]: last } };
  return { ...row, cells, check, edited: column === key ? [key] : [] };
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
