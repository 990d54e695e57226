/**
 * A whole import file, checked and kept for the screen (issue 14): every row's cells, which rows are invalid, an
 * index of the unique keys (e-mails, codes) and what the API said of them. It lives in the import checker's worker,
 * so that a file of 100,000 rows is read and checked off the page's main thread; the page only holds the rows it
 * shows: the first ones, and the invalid ones up to a bound.
 *
 * Checks are the shared template rules (`checkRow`, `asDuplicate`), the same the server's worker runs. An edit
 * checks again only the rows it can change: the edited row, and when its unique key changed, the rows that shared
 * its old key (which may no longer be duplicates) or share its new one (which now are): the key index makes that a
 * lookup, not a pass over the file.
 *
 * An order file's rows are judged by order too (the rows of one reference agree on the order's cells, an order has
 * at most so many lines), and, once the page has read the sellable stock of the file's products (`learnStock`), each
 * line of an order to send says on its quantity whether the stock covers it, the orders taken in file order as the
 * server's worker takes them (`allocationPlan`). That cover informs; the worker's allocation decides.
 */
import { writeImportFile } from '@cellar/shared/imports/file';
import {
  allocationPlan,
  type ImportLot,
  type LineCoverage,
  ORDER_IMPORT_MESSAGES,
  type OrderGroupProblems,
  OrderGroups,
  type PlannedLine,
  plannedLine,
  referenceOf,
  withGroupProblems,
} from '@cellar/shared/imports/orders';
import {
  asDuplicate,
  checkRow,
  fileKeyOf,
  type ImportColumn,
  type ImportContext,
  type ImportRow,
  importColumns,
  type RowCheck,
  uniqueKeyOf,
} from '@cellar/shared/imports/templates';
import { askable, type GridRow, keyOf, markTaken } from './import-rows';

/** How many rows the preview shows whatever their state, from the file's start. */
export const PREVIEW_ROWS = 200;
/**
 * How many invalid rows the preview shows at most. A file with more is to be corrected in the spreadsheet it came
 * from: a grid of tens of thousands of rows to fix one by one helps nobody, and sending them to the page would be
 * the long task this screen avoids.
 */
export const INVALID_ROWS_SHOWN = 1000;

/** The file's counts beside the rows on screen. */
export interface BookCounts {
  total: number;
  invalid: number;
  /** Valid rows not on screen (past the first ones). */
  hiddenValid: number;
  /** Invalid rows not on screen (past the bound). */
  hiddenInvalid: number;
  /** Unique keys used by more than one row (the user file's lasting warning), in lower case. */
  duplicates: string[];
}

/** What the grid needs of a check: no entity input (the server builds its own). */
const lean = (check: RowCheck): RowCheck => (check.input === undefined ? check : { ...check, input: undefined });

export class ImportBook {
  private readonly columns: ImportColumn[];
  private readonly key: string;
  /** File key → the rows that have it: one id, or several (a duplicate). */
  private readonly byKey = new Map<string, number | number[]>();
  private readonly duplicates = new Set<string>();
  private readonly invalid = new Set<number>();
  /** The rows on screen, with their last check. A row once shown stays shown (a fixed row shows its fix). */
  private readonly shown = new Map<number, GridRow>();
  /** Keys the API says are used (e-mails in lower case, codes as written). */
  private readonly taken = new Set<string>();
  /** Rows checked so far (`checkNext`). */
  private checked = 0;
  /** How many row checks were run, all told: the file's once, then a few per edit. */
  checks = 0;
  /** Rows on screen past the first ones (invalid when they came): those INVALID_ROWS_SHOWN bounds. */
  private shownPast = 0;
  /** Order files: reference → its rows, and what is wrong with each order as a whole. */
  private readonly orders = new Map<string, number[]>();
  private readonly orderProblems = new Map<string, OrderGroupProblems | undefined>();
  /** Order files: the lots read for the file's products (codes in lower case), and each line's cover. */
  private lots: ImportLot[] = [];
  private readonly stockCodes = new Set<string>();
  private plan = new Map<number, LineCoverage>();

  constructor(
    private readonly ctx: ImportContext,
    private readonly rows: ImportRow[],
    private readonly limits = { preview: PREVIEW_ROWS, invalid: INVALID_ROWS_SHOWN },
  ) {
    this.columns = importColumns(ctx);
    this.key = uniqueKeyOf(ctx.template);
    rows.forEach((row, i) => {
      this.addKey(fileKeyOf(row, this.key), i + 1);
    });
    if (this.isOrder) {
      rows.forEach((row, i) => {
        const reference = referenceOf(row);
        if (reference) this.orders.set(reference, [...(this.orders.get(reference) ?? []), i + 1]);
      });
      for (const reference of this.orders.keys()) this.judgeOrder(reference);
    }
  }

  private get isOrder() {
    return this.ctx.template === 'order';
  }

  /** An order file's product codes (as written, each once): the stock the page reads for the cover. */
  productCodes(): string[] {
    if (!this.isOrder) return [];
    const codes = new Map<string, string>();
    for (const row of this.rows) {
      const code = (row.product ?? '').trim();
      if (code) codes.set(code.toLowerCase(), code);
    }
    return [...codes.values()];
  }

  /**
   * The sellable lots of some products (`codes`: those read, whatever they hold); each line's cover is planned again
   * and the rows on screen whose cover changed are answered.
   */
  learnStock(codes: readonly string[], lots: readonly ImportLot[]): GridRow[] {
    const read = new Set(codes.map((c) => c.toLowerCase()));
    this.lots = [...this.lots.filter((l) => !read.has(l.productCode.toLowerCase())), ...lots];
    for (const c of read) this.stockCodes.add(c);
    return this.replan();
  }

  get total() {
    return this.rows.length;
  }

  get done() {
    return this.checked >= this.rows.length;
  }

  /** Checks the next `count` rows of the file; returns how many are checked so far. */
  checkNext(count: number): number {
    const end = Math.min(this.rows.length, this.checked + count);
    for (let id = this.checked + 1; id <= end; id++) this.recheck(id);
    this.checked = end;
    return end;
  }

  /** The rows on screen, in file order. */
  preview(): GridRow[] {
    return [...this.shown.values()].sort((a, b) => a.id - b.id);
  }

  counts(): BookCounts {
    let shownValid = 0;
    for (const row of this.shown.values()) if (row.check?.valid) shownValid++;
    const shownInvalid = this.shown.size - shownValid;
    return {
      total: this.rows.length,
      invalid: this.invalid.size,
      hiddenValid: this.rows.length - this.invalid.size - shownValid,
      hiddenInvalid: this.invalid.size - shownInvalid,
      duplicates: [...this.duplicates],
    };
  }

  /**
   * The keys the API is asked about: those of the rows on screen whose key cell the rules accept, so at most a few
   * hundred whatever the file's size. Asking about every key of a 100,000-row file would be 2,000 list requests
   * (codes, 50 a request, each reading the account's list) or 100,000 e-mail questions, for an answer the server
   * gives anyway: its worker refuses a used key row by row, and the refused rows come back as a file to download.
   * The screen says so under the grid when the file has rows off screen.
   */
  askedKeys(): string[] {
    const keys = new Set<string>();
    for (const row of this.shown.values()) {
      if (!askable(this.ctx, row.check)) continue;
      const k = keyOf(this.ctx, row.cells[this.key] ?? '');
      if (k) keys.add(k);
    }
    return [...keys];
  }

  /** One cell edited: the rows it can change are checked again; returns those on screen, as they now are. */
  edit(id: number, column: string, value: string): GridRow[] {
    const row = this.rows[id - 1];
    if (!row || !this.columns.some((c) => c.key === column)) return [];
    const before = fileKeyOf(row, this.key);
    const reference = referenceOf(row);
    row[column] = value;
    const affected = new Set([id]);
    if (this.isOrder) {
      const rows = this.recheckAll(this.regroup(id, reference, referenceOf(row), affected));
      const replanned = this.replan();
      const byId = new Map([...rows, ...replanned].map((r) => [r.id, r]));
      return [...byId.values()].sort((a, b) => a.id - b.id);
    }
    const after = fileKeyOf(row, this.key);
    if (column === this.key && before !== after) {
      this.removeKey(before, id);
      this.addKey(after, id);
      // The old key's last row is no longer a duplicate; the new key's rows have just become duplicates.
      const left = this.idsOf(before);
      if (left.length === 1) affected.add(left[0] as number);
      const now = this.idsOf(after);
      if (now.length === 2) for (const other of now) affected.add(other);
    }
    return this.recheckAll(affected);
  }

  /** What the API said of some keys (`taken`: those used); the rows that have them are checked again. */
  learn(keys: readonly string[], taken: readonly string[]): GridRow[] {
    const used = new Set(taken);
    const affected = new Set<number>();
    for (const k of keys) {
      if (used.has(k)) this.taken.add(k);
      else this.taken.delete(k);
      for (const id of this.idsOf(k.toLowerCase())) {
        if (keyOf(this.ctx, this.rows[id - 1]?.[this.key] ?? '') === k) affected.add(id);
      }
    }
    return this.recheckAll(affected);
  }

  /** The whole file with the edits, as the server takes it. */
  file(): string {
    return writeImportFile(
      this.columns.map((c) => c.key),
      this.rows,
    );
  }

  /**
   * An order row edited: it moves from its old order to its new one (when its reference changed), both orders are
   * judged again, and all their rows are to check again (an order's cells agreeing or not is every row's verdict).
   */
  private regroup(id: number, before: string, after: string, affected: Set<number>): Set<number> {
    if (before !== after) {
      const left = (this.orders.get(before) ?? []).filter((x) => x !== id);
      if (left.length) this.orders.set(before, left);
      else this.orders.delete(before);
      if (after)
        this.orders.set(
          after,
          [...(this.orders.get(after) ?? []), id].sort((a, b) => a - b),
        );
    }
    for (const reference of new Set([before, after])) {
      if (!reference) continue;
      this.judgeOrder(reference);
      for (const x of this.orders.get(reference) ?? []) affected.add(x);
    }
    return affected;
  }

  private judgeOrder(reference: string) {
    const groups = new OrderGroups();
    for (const id of this.orders.get(reference) ?? []) groups.add(id, this.rows[id - 1] as ImportRow);
    this.orderProblems.set(reference, groups.problems(reference));
  }

  /**
   * Each line's cover, planned again over the file's orders to send whose rows are all valid and whose products'
   * stock was read; answers the rows on screen whose cover changed.
   */
  private replan(): GridRow[] {
    if (!this.isOrder || !this.stockCodes.size) return [];
    const lines: PlannedLine[] = [];
    for (const ids of this.orders.values()) {
      if (ids.some((id) => this.invalid.has(id))) continue;
      const planned = ids.map((id) => plannedLine(this.ctx, id, this.rows[id - 1] as ImportRow));
      if (planned.some((l) => !l || !this.stockCodes.has(l.productCode.toLowerCase()))) continue;
      lines.push(...(planned as PlannedLine[]));
    }
    const before = this.plan;
    this.plan = allocationPlan(
      lines.sort((a, b) => a.row - b.row),
      this.lots,
    );
    const changed = [...new Set([...before.keys(), ...this.plan.keys()])].filter(
      (id) => this.shown.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(this.plan.get(id)),
    );
    return this.recheckAll(changed);
  }

  /** An order row's check with its order's verdict, and its line's cover on its quantity (which informs only). */
  private orderCheck(id: number, cells: ImportRow, check: RowCheck): RowCheck {
    const reference = referenceOf(cells);
    const judged = withGroupProblems(check, reference, this.orderProblems.get(reference));
    const cover = this.plan.get(id);
    if (!cover || judged.cells.quantity?.state !== 'valid') return judged;
    const quantity = cells.quantity?.trim();
    const cell = cover.orderShort
      ? { state: 'unverified' as const, message: { key: ORDER_IMPORT_MESSAGES.orderShort, values: { reference } } }
      : cover.covered
        ? {
            state: 'valid' as const,
            message: { key: ORDER_IMPORT_MESSAGES.covered, values: { available: cover.available } },
          }
        : {
            state: 'unverified' as const,
            message: { key: ORDER_IMPORT_MESSAGES.short, values: { available: cover.available, quantity } },
          };
    return { ...judged, cells: { ...judged.cells, quantity: cell } };
  }

  private recheckAll(ids: Iterable<number>): GridRow[] {
    const out: GridRow[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = this.recheck(id);
      if (row) out.push(row);
    }
    return out;
  }

  /** Checks one row with the shared rules, its duplicates and the API's answers; returns it if it is on screen. */
  private recheck(id: number): GridRow | undefined {
    const cells = this.rows[id - 1] as ImportRow;
    this.checks++;
    let check = checkRow(this.ctx, cells, this.columns);
    const k = fileKeyOf(cells, this.key);
    if (k && this.duplicates.has(k)) check = asDuplicate(check, this.key);
    if (this.isOrder) check = this.orderCheck(id, cells, check);
    check = lean(markTaken(this.ctx, cells, check, this.taken));
    if (check.valid) this.invalid.delete(id);
    else this.invalid.add(id);
    const onScreen =
      this.shown.has(id) || id <= this.limits.preview || (!check.valid && this.shownPast < this.limits.invalid);
    if (!onScreen) return undefined;
    if (!this.shown.has(id) && id > this.limits.preview) this.shownPast++;
    const row: GridRow = { id, cells: { ...cells }, check, edited: [] };
    this.shown.set(id, row);
    return row;
  }

  private idsOf(k: string): number[] {
    const v = this.byKey.get(k);
    return v === undefined ? [] : typeof v === 'number' ? [v] : v;
  }

  private addKey(k: string, id: number) {
    if (!k) return;
    const v = this.byKey.get(k);
    if (v === undefined) this.byKey.set(k, id);
    else {
      this.byKey.set(k, typeof v === 'number' ? [v, id] : [...v, id]);
      this.duplicates.add(k);
    }
  }

  private removeKey(k: string, id: number) {
    const ids = this.idsOf(k).filter((x) => x !== id);
    if (ids.length === 0) this.byKey.delete(k);
    else this.byKey.set(k, ids.length === 1 ? (ids[0] as number) : ids);
    if (ids.length < 2) this.duplicates.delete(k);
  }
}
