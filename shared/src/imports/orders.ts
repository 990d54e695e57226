/**
 * The order import (spec 2 §3, §5 with spec 3 §5 "CSV import cell rules"): one row per order line, the rows of one
 * order sharing its `reference`. A row holds the order's cells (the same on each of its rows) and the line's
 * (product code, quantity, optional batch). What a row alone can say is judged by the order's own rules
 * (`orderCreateSchema`'s fields, `orderIssues`); what needs the other rows (an order's cells agreeing, its number of
 * lines) is `OrderGroups`; what needs the stock (which lots a line takes, whether they cover it) is `lotsFor`,
 * `lineStocks` and `allocationPlan`, which the browser's preview and the server's worker both call.
 */
import * as z from 'zod';
import { type SegmentCode, segmentCode } from '../common/schemas';
import { fefoFill, fefoOrder } from '../orders/fefo';
import { ORDER_LINES_MAX, orderCreateSchema, orderIssues, orderLineInput } from '../orders/schemas';
import { isEmpty, MESSAGES, parseBooleanText } from '../validation/validators';
import { issue } from '../validation/zod';
import type { ImportRow, RowCheck } from './rows';

export const ORDER_IMPORT_MESSAGES = {
  /** The rows of one order do not give the same value in an order column. */
  disagrees: 'import.order_disagrees',
  tooManyLines: 'import.order_too_many_lines',
  unknownProduct: 'import.order_unknown_product',
  unknownRecipient: 'import.order_unknown_recipient',
  unknownCarrier: 'import.order_unknown_carrier',
  noStock: 'import.order_no_stock',
  /** The preview: the sellable stock covers this line of an order to send… */
  covered: 'import.order_stock_covered',
  /** …or not (the worker will refuse the order). */
  short: 'import.order_stock_short',
  /** Another line of the order is short: the order is refused whole. */
  orderShort: 'import.order_stock_order_short',
} as const;

/** The cells every row of one order repeats (the order's own), in file order; `reference` groups them. */
export const ORDER_COLUMNS = [
  'reference',
  'segment',
  'send',
  'recipient',
  'delivery_date',
  'carrier',
  'service',
  'order_type',
  'warehouse',
  'delivery_comment',
  'preparation_comment',
] as const;
/** The cells of the line. */
export const ORDER_LINE_COLUMNS = ['product', 'quantity', 'batch'] as const;

/** The order columns the rows of one order must agree on (compared trimmed, without case). */
const AGREED = ORDER_COLUMNS.filter((c) => c !== 'reference');

/** A row's reference as rows are grouped: trimmed, as written (references are unique per owner as written). */
export const referenceOf = (row: ImportRow) => (row.reference ?? '').trim();

const agreed = (row: ImportRow, column: string) => (row[column] ?? '').trim().toLowerCase();

interface Group {
  /** The first row's values of the agreed columns. */
  first: string[];
  /** Agreed columns on which a later row differs. */
  disagree: Set<string>;
  rows: number;
  /** The row number of the group's last row (file order, 1-based). */
  last: number;
}

/**
 * The file's orders as its rows are added, in file order: per reference, the columns its rows disagree on, how many
 * rows it has and where its last row is. Only one small record per order grows with the file (the worker's survey
 * adds every row of the file once).
 */
export class OrderGroups {
  private readonly groups = new Map<string, Group>();

  add(row: number, cells: ImportRow): void {
    const reference = referenceOf(cells);
    if (!reference) return;
    const values = AGREED.map((c) => agreed(cells, c));
    const group = this.groups.get(reference);
    if (!group) {
      this.groups.set(reference, { first: values, disagree: new Set(), rows: 1, last: row });
      return;
    }
    group.rows += 1;
    group.last = Math.max(group.last, row);
    values.forEach((v, i) => {
      if (v !== group.first[i]) group.disagree.add(AGREED[i] as string);
    });
  }

  /** The row number of an order's last row (0 for a row without reference). */
  lastRow(reference: string): number {
    return this.groups.get(reference)?.last ?? 0;
  }

  /** What is wrong with an order as a whole: its columns that disagree, too many lines. */
  problems(reference: string): OrderGroupProblems | undefined {
    const group = this.groups.get(reference);
    if (!group) return undefined;
    const disagree = AGREED.filter((c) => group.disagree.has(c));
    const tooMany = group.rows > ORDER_LINES_MAX;
    return disagree.length || tooMany ? { disagree, tooMany } : undefined;
  }
}

export interface OrderGroupProblems {
  disagree: string[];
  tooMany: boolean;
}

/**
 * A row's check once its order is known to be wrong as a whole: each column its rows disagree on is invalid on every
 * row of the order (the message names the order), and too many lines is the row's error. Every row of the order is
 * refused.
 */
export function withGroupProblems(
  check: RowCheck,
  reference: string,
  problems: OrderGroupProblems | undefined,
): RowCheck {
  if (!problems) return check;
  const message = { key: ORDER_IMPORT_MESSAGES.disagrees, values: { reference } };
  const cells = { ...check.cells };
  for (const column of problems.disagree) cells[column] = { state: 'invalid' as const, message };
  const errors = problems.tooMany
    ? [...check.errors, { key: ORDER_IMPORT_MESSAGES.tooManyLines, values: { max: ORDER_LINES_MAX } }]
    : check.errors;
  return { ...check, cells, errors, valid: false, input: undefined };
}

/** A date cell: ISO (2026-03-31) or as French spreadsheets write it (31/03/2026); anything else is left as it is. */
export function isoDateOf(v: string): string {
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v.trim());
  return fr ? `${fr[3]}-${(fr[2] as string).padStart(2, '0')}-${(fr[1] as string).padStart(2, '0')}` : v.trim();
}

/** A quantity cell: digits are a number; other text stays text, which the schema refuses as not an integer. */
const quantityOf = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

/** What the order rows are checked against. */
export interface OrderRowContext {
  /** The owner's segments: the only one is the default of an empty segment cell. */
  segments: readonly SegmentCode[];
  warehouses: readonly { id: string; code: string }[];
}

/** One row as the order's fields: the order's (the codes of its contacts as written) and its line's. */
export const orderRowSchema = (ctx: OrderRowContext) =>
  z
    .object({
      reference: orderCreateSchema.shape.reference,
      segment: segmentCode.nullish(),
      send: z.boolean().default(false),
      customerId: z.string().default(''),
      deliveryDate: orderCreateSchema.shape.deliveryDate,
      carrierId: z.string().default(''),
      serviceCode: z.string().default(''),
      type: orderCreateSchema.shape.type,
      warehouseId: z.string().nullish(),
      deliveryComment: orderCreateSchema.shape.deliveryComment,
      preparationComment: orderCreateSchema.shape.preparationComment,
      line: z.object({
        productCode: z.string().trim().min(1, { error: MESSAGES.required }).max(64, { error: MESSAGES.maxLength }),
        ordered: orderLineInput.shape.ordered,
        batch: z.string().trim().default(''),
      }),
    })
    .superRefine((row, c) => {
      // The order's own rules that a row can tell (carrier permissions and lots are the worker's).
      const issues = orderIssues(
        {
          statusCode: row.send ? '005' : '000',
          segment: row.segment,
          reference: row.reference,
          type: row.type,
          recipient: row.customerId || null,
          customerId: row.customerId,
          carrierId: row.carrierId,
          serviceCode: row.serviceCode,
          pickupManagedByProduct: 1,
          deliveryDate: row.deliveryDate,
          stocks: [{ warehouseId: null }],
        },
        { segments: ctx.segments, carrier: null },
      );
      for (const i of issues) issue(c, i.path[0] === 'recipient' ? ['customerId'] : i.path, i.key, i.params);
      // The recipient is the contact whose address the order takes: one is needed, draft or not.
      if (isEmpty(row.customerId) && !issues.some((i) => i.path[0] === 'recipient' || i.path[0] === 'customerId'))
        issue(c, ['customerId'], MESSAGES.required);
    });
export type OrderRow = z.infer<ReturnType<typeof orderRowSchema>>;

/** A row's read cells (by field) → the row schema's input. */
export function orderRowInput(ctx: OrderRowContext, input: Record<string, unknown>): Record<string, unknown> {
  const line = (input.line ?? {}) as Record<string, unknown>;
  const warehouse = ctx.warehouses.find((w) => w.code === input.warehouseId);
  return {
    ...input,
    // The owner's only segment is every order's.
    segment: input.segment ?? (ctx.segments.length === 1 ? ctx.segments[0] : null),
    deliveryDate: isEmpty(input.deliveryDate) ? null : isoDateOf(String(input.deliveryDate)),
    type: input.type ?? null,
    // A code the account does not have stays visible to the schema (the cell's select says which are offered).
    warehouseId: input.warehouseId === undefined ? null : (warehouse?.id ?? input.warehouseId),
    line: { ...line, ordered: quantityOf(line.ordered) },
  };
}

/** A stock line (lot) as the order import reads it: the stock list's row, or the stored line. */
export interface ImportLot {
  stockId: string;
  productCode: string;
  warehouseId: string;
  segment: SegmentCode | null;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
  available: number;
  createdAt?: string | null;
}

/** What a line asks of the stock. */
export interface LineDemand {
  productCode: string;
  batch: string;
  quantity: number;
  segment: SegmentCode | null;
  /** The order's departure warehouse, when the row names one: its lots only. */
  warehouseId: string | null;
}

/**
 * The lots a line may take from, in FEFO order: the product's (compared without case), of the named batch if any,
 * in the order's segment or none (any, for a pooled owner), in its warehouse if named. The caller passes only
 * sellable lots of the owner in warehouses the importer works in.
 */
export function lotsFor<T extends ImportLot>(lots: readonly T[], demand: LineDemand, pooled = false): T[] {
  const code = demand.productCode.trim().toLowerCase();
  const batch = demand.batch.trim();
  return fefoOrder(
    lots.filter(
      (l) =>
        l.productCode.toLowerCase() === code &&
        (!batch || (l.batch ?? '').trim() === batch) &&
        (pooled || l.segment === null || l.segment === demand.segment) &&
        (!demand.warehouseId || l.warehouseId === demand.warehouseId),
    ),
  );
}

/**
 * A line's stock lines for the order body: its quantity filled from `lots` in FEFO order, each lot up to what it
 * has available; what they do not cover stays on the first lot, so that a send is refused by the allocation itself
 * (with its numbers) and a draft keeps what was asked. Empty when no lot fits.
 */
export function lineStocks(lots: readonly ImportLot[], quantity: number): { stockId: string; ordered: number }[] {
  const fill = fefoFill(lots, quantity).map((f) => ({ stockId: f.stockId, ordered: f.quantity }));
  const first = fefoOrder(lots)[0];
  const short = quantity - fill.reduce((n, f) => n + f.ordered, 0);
  if (short <= 0 || !first) return fill;
  const on = fill.find((f) => f.stockId === first.stockId);
  if (on) on.ordered += short;
  else fill.unshift({ stockId: first.stockId, ordered: short });
  return fill;
}

/** One line of the file for the allocation plan. */
export interface PlannedLine extends LineDemand {
  /** The row's id (its number in the file). */
  row: number;
  reference: string;
  send: boolean;
}

export interface LineCoverage {
  /** The sellable stock left for this line when its turn comes (after the file's earlier orders to send). */
  available: number;
  covered: boolean;
  /** Another line of the same order is not covered: the order is refused whole. */
  orderShort: boolean;
}

/**
 * Whether the owner's sellable stock covers each line of the orders to send, taken in file order as the worker
 * creates them: an order covered whole takes its quantities from the lots (FEFO), so later orders see what is left;
 * an order with a line short takes nothing (the allocation refuses it whole). Drafts hold nothing: not planned.
 * Lines are grouped by `reference` into orders.
 */
export function allocationPlan(
  lines: readonly PlannedLine[],
  lots: readonly ImportLot[],
  pooled = false,
): Map<number, LineCoverage> {
  const left = new Map(lots.map((l) => [l.stockId, Math.max(0, l.available)]));
  const current = () => lots.map((l) => ({ ...l, available: left.get(l.stockId) ?? 0 }));
  const orders = new Map<string, PlannedLine[]>();
  for (const line of lines) {
    if (!line.send || !line.reference) continue;
    orders.set(line.reference, [...(orders.get(line.reference) ?? []), line]);
  }
  const out = new Map<number, LineCoverage>();
  for (const order of orders.values()) {
    const taken = new Map<string, number>();
    const coverage: [number, LineCoverage][] = [];
    for (const line of order) {
      const fitting = lotsFor(current(), line, pooled).map((l) => ({
        ...l,
        available: Math.max(0, l.available - (taken.get(l.stockId) ?? 0)),
      }));
      const available = fitting.reduce((n, l) => n + l.available, 0);
      for (const f of fefoFill(fitting, line.quantity)) taken.set(f.stockId, (taken.get(f.stockId) ?? 0) + f.quantity);
      coverage.push([line.row, { available, covered: available >= line.quantity, orderShort: false }]);
    }
    const whole = coverage.every(([, c]) => c.covered);
    for (const [row, c] of coverage) out.set(row, { ...c, orderShort: !whole && c.covered });
    if (!whole) continue;
    for (const [stockId, n] of taken) left.set(stockId, (left.get(stockId) ?? 0) - n);
  }
  return out;
}

/** A row's line as the plan reads it, from the row's cells (null when the row cannot be read as a line). */
export function plannedLine(ctx: OrderRowContext, row: number, cells: ImportRow): PlannedLine | null {
  const quantity = quantityOf(cells.quantity ?? '');
  if (typeof quantity !== 'number' || quantity <= 0) return null;
  const segmentCell = (cells.segment ?? '').trim().toUpperCase();
  const segment = (segmentCell || (ctx.segments.length === 1 ? ctx.segments[0] : '')) as SegmentCode | '';
  const warehouse = (cells.warehouse ?? '').trim().toLowerCase();
  return {
    row,
    reference: referenceOf(cells),
    send: parseBooleanText(cells.send) === true,
    productCode: (cells.product ?? '').trim(),
    batch: (cells.batch ?? '').trim(),
    quantity,
    segment: segment || null,
    warehouseId: warehouse ? (ctx.warehouses.find((w) => w.code.toLowerCase() === warehouse)?.id ?? warehouse) : null,
  };
}
