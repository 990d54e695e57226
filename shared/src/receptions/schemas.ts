/**
 * Receptions: inbound deliveries and their lines (spec 3 §2–§5).
 *
 * A reception is built in three steps and saved from the first cart line on, as a draft (000). Its reference,
 * expected date and supplier come last, so a draft may lack them; sending it (001) asks for everything. The rules
 * that need the clock or the stored reception are in `checkReception`, which the service and the form both call.
 */
import * as z from 'zod';
import { addressFields } from '../common/address';
import { notBeforeToday } from '../common/dates';
import { ref, type SegmentCode, segmentCode, segmentSchema } from '../common/schemas';
import { searchWords } from '../filter/search';
import { STOCK_QUALITIES } from '../stocks/schemas';
import { isEmpty, MESSAGES } from '../validation/validators';
import { id, isoDate, issue, wholeNumber } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';
import { RECEPTION_STATUS } from './status';

export const RECEPTION_REFERENCE_MAX = 20;
export const RECEPTION_QUANTITY_MAX = 99_999;
/** Lines one reception may hold: a full truck of distinct lots. */
export const RECEPTION_LINES_MAX = 500;

export const receptionStatusCode = z.enum(RECEPTION_STATUS.codes as ['000', '001', '100', '200'], {
  error: MESSAGES.invalid,
});
export type ReceptionStatusCode = z.infer<typeof receptionStatusCode>;

/** An expected or received quantity: a whole number from 1 to 99,999 (received may be 0: nothing came). */
const quantity = (min: 0 | 1) => wholeNumber(min, RECEPTION_QUANTITY_MAX);

/**
 * One line of the cart: an existing stock line of the product (`stockId`), or a new lot described by its quality,
 * batch and dates. A new lot equal to an existing line (same product, warehouse, segment, quality, batch, ubd, bbd)
 * reuses that line.
 */
export const receptionLineInput = z
  .object({
    productId: id,
    stockId: id.nullish(),
    /** A new lot's quality (STD or NCO); a named stock line keeps its own, whatever this says. */
    quality: z.string().trim().max(10).default('STD'),
    batch: z.string().trim().max(50, { error: MESSAGES.maxLength }).nullish(),
    ubd: isoDate.nullish(),
    bbd: isoDate.nullish(),
    expected: quantity(1),
  })
  .superRefine((l, ctx) => {
    if (!l.stockId && !(STOCK_QUALITIES as readonly string[]).includes(l.quality)) {
      issue(ctx, ['quality'], MESSAGES.invalid);
    }
  });
export type ReceptionLineInput = z.infer<typeof receptionLineInput>;

const receptionFields = {
  segment: segmentCode.nullish(),
  warehouseId: id,
  reference: z.string().trim().max(RECEPTION_REFERENCE_MAX, { error: MESSAGES.maxLength }).optional().default(''),
  expectedAt: isoDate.nullish(),
  supplierId: id.nullish(),
  statusCode: receptionStatusCode,
  stocks: z.array(receptionLineInput).max(RECEPTION_LINES_MAX, { error: MESSAGES.invalid }).default([]),
};

/** Body of POST /api/receptions (the owner is the superadmin's choice; anyone else's is their company). */
export const receptionCreateSchema = z.object({ ownerId: id.optional(), ...receptionFields });
export type ReceptionCreate = z.infer<typeof receptionCreateSchema>;

/**
 * Body of PUT /api/receptions/{id}: the whole reception as the wizard encodes it, or only `statusCode` (and the
 * superadmin's `received` quantities, by line id) from the status page or the list's status icon. The owner does
 * not move; the reference is locked once the reception is no longer a draft.
 */
export const receptionUpdateSchema = z.object({
  segment: receptionFields.segment,
  warehouseId: id.optional(),
  reference: z.string().trim().max(RECEPTION_REFERENCE_MAX, { error: MESSAGES.maxLength }).optional(),
  expectedAt: receptionFields.expectedAt,
  supplierId: receptionFields.supplierId,
  statusCode: receptionStatusCode.optional(),
  stocks: z.array(receptionLineInput).max(RECEPTION_LINES_MAX, { error: MESSAGES.invalid }).optional(),
  received: z.record(id, quantity(0)).optional(),
});
export type ReceptionUpdate = z.infer<typeof receptionUpdateSchema>;

/** What `checkReception` needs to know beyond the body. */
export interface ReceptionContext {
  /** The owner is a pooled activity: no segment. */
  pooled: boolean;
  /** The owner's segments (B2B, B2C). */
  segments: readonly SegmentCode[];
  /** The clock's now (common/clock.ts) unless a test fixes it. */
  now?: Date;
}

/**
 * The rules of a reception about to be stored (spec 3 §5), as field issues: segment among the owner's (required
 * unless pooled); and once sent (any status but draft) reference, expected date (not before today in the
 * warehouses' time zone), supplier and at least one line. Call it for a create, a wizard save, and a send.
 */
export function receptionIssues(
  r: {
    statusCode: ReceptionStatusCode;
    segment?: SegmentCode | null;
    reference?: string;
    expectedAt?: string | null;
    supplierId?: string | null;
    stocks: readonly unknown[];
  },
  context: ReceptionContext,
): { path: (string | number)[]; key: string; params?: Record<string, string | number> }[] {
  const out: { path: (string | number)[]; key: string; params?: Record<string, string | number> }[] = [];
  if (!context.pooled) {
    if (isEmpty(r.segment)) out.push({ path: ['segment'], key: MESSAGES.required });
    else if (!context.segments.includes(r.segment as SegmentCode))
      out.push({ path: ['segment'], key: MESSAGES.invalid });
  }
  if (r.statusCode === '000') return out;
  if (isEmpty(r.reference)) out.push({ path: ['reference'], key: MESSAGES.required });
  if (isEmpty(r.expectedAt)) out.push({ path: ['expectedAt'], key: MESSAGES.required });
  else if (!notBeforeToday(r.expectedAt as string, context.now)) {
    out.push({ path: ['expectedAt'], key: MESSAGES.notBeforeToday });
  }
  if (isEmpty(r.supplierId)) out.push({ path: ['supplierId'], key: MESSAGES.required });
  if (r.stocks.length === 0) out.push({ path: ['stocks'], key: MESSAGES.required });
  return out;
}

/** The same rules as a zod refinement, for forms and services that validate with a schema. */
export const checkReception =
  (context: ReceptionContext) => (r: Parameters<typeof receptionIssues>[0], ctx: z.RefinementCtx) => {
    for (const i of receptionIssues(r, context)) issue(ctx, i.path, i.key, i.params);
  };

export type LotIssue = { field: 'batch' | 'ubd' | 'bbd'; key: string };

/**
 * A new lot's batch and dates (spec 3 §5, stock creation): a lot-managed product's lot needs its batch; batch,
 * use-by and best-before are accepted only where the product manages them, and its days are not before today in
 * Paris (spec 3 §7: no date earlier than today), refused rather than emptied.
 * @example lotIssues({ batch: ' ' }, { hasBatch: true, hasUbd: false, hasBbd: false }) // batch required
 */
export function lotIssues(
  line: Pick<ReceptionLineInput, 'batch' | 'ubd' | 'bbd'>,
  product: { hasBatch: boolean; hasUbd: boolean; hasBbd: boolean },
  now?: Date,
): LotIssue[] {
  const out: LotIssue[] = [];
  if (product.hasBatch && isEmpty(line.batch)) out.push({ field: 'batch', key: MESSAGES.required });
  if (!product.hasBatch && !isEmpty(line.batch)) out.push({ field: 'batch', key: MESSAGES.invalid });
  for (const [field, managed] of [
    ['ubd', product.hasUbd],
    ['bbd', product.hasBbd],
  ] as const) {
    const day = line[field];
    if (typeof day !== 'string' || isEmpty(day)) continue;
    if (!managed) out.push({ field, key: MESSAGES.invalid });
    else if (!notBeforeToday(day, now)) out.push({ field, key: MESSAGES.notBeforeToday });
  }
  return out;
}

/** A reception line as the API answers it. */
export const receptionLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  /** The stock line the reception feeds (existing, or created for a new lot). */
  stockId: z.string(),
  product: z.object({
    id: z.string(),
    code: z.string(),
    label: z.string(),
    hasBatch: z.boolean(),
    hasBbd: z.boolean(),
    hasUbd: z.boolean(),
    family: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
    attributes: z.record(z.string(), z.unknown()).optional(),
  }),
  warehouse: warehouseSchema.optional(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  expected: z.number().int(),
  /** Counted by the warehouse (or set by the provider's staff); 0 on a lot that was not announced is impossible. */
  received: z.number().int().nullable(),
  /** The warehouse's remark on what it counted (a broken case, a lot under another batch). */
  note: z.string().nullable(),
});
export type ReceptionLine = z.infer<typeof receptionLineSchema>;

/** The supplier as a reception shows it (include `supplier`, `supplier.address`). */
export const receptionSupplierSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: addressFields.optional(),
});

export const receptionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  expectedAt: z.string().nullable(),
  statusCode: receptionStatusCode,
  ownerId: z.string(),
  owner: ref
    .extend({ segments: z.array(segmentSchema).optional(), isPooledActivity: z.boolean().optional() })
    .optional(),
  segment: segmentCode.nullable(),
  warehouseId: z.string(),
  warehouse: warehouseSchema.optional(),
  supplierId: z.string().nullable(),
  supplier: receptionSupplierSchema.nullable().optional(),
  /** The lines (include `stocks`, `stocks.product`, `stocks.warehouse`…); the list leaves them out. */
  stocks: z.array(receptionLineSchema).optional(),
  /** The number of lines, also in the list (the new-or-continue modal shows a draft's product count). */
  lineCount: z.number().int(),
  expectedQuantity: z.number().int(),
  receivedQuantity: z.number().int(),
  /** When the delivery reached the warehouse's dock, as the warehouse reported it. */
  arrivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reception = z.infer<typeof receptionSchema>;

/** What the reception search finds a reception by: its reference and its supplier's code and name. */
export const receptionWords = (r: { reference: string; supplier?: { code: string; name: string } | null }) =>
  searchWords(r.reference, r.supplier?.code, r.supplier?.name);
