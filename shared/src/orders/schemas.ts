/**
 * Customer orders, their lines and packings (spec 2 §3, §5), as the API receives and answers them.
 *
 * An order is built in three steps and saved from the first cart line on, as a draft (000): its reference, dates,
 * recipient and carrier come last, so a draft may lack them. Sending it (005) asks for everything. The rules that
 * need the clock, the owner or the carrier are in `orderIssues`, which the service and the wizard both call; the
 * wizard's own rules (what a choice clears) are in `wizard.ts`.
 */
import * as z from 'zod';
import { type Address, addressDisplayName, addressFields } from '../common/address';
import { authorSchema } from '../common/author';
import { notBeforeToday } from '../common/dates';
import { WAREHOUSE_QUANTITY_MAX } from '../common/quantities';
import { ref, type SegmentCode, segmentCode, segmentSchema } from '../common/schemas';
import { searchWords } from '../filter/search';
import { isAlphanumeric, isEmpty, MESSAGES } from '../validation/validators';
import { changesOf, id, isoDate, optionalString } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';
import { ORDER_STATUS } from './status';

export const ORDER_TYPES = ['ABO', 'COF', 'SHOP'] as const;

/** The carrier owner whose orders need a type. */
export const ORDER_TYPE_CARRIER_OWNER = 'CO020';

export const ORDER_REFERENCE_MAX = 50;
export const ORDER_GROUPING_MAX = 15;
export const ORDER_COMMENT_MAX = 255;
/** Lines one order may hold (a 200-line order is the benchmark's; one item holds them well below 400 KB). */
export const ORDER_LINES_MAX = 500;

export const orderStatusCode = z.enum(ORDER_STATUS.codes as ['000', '005', '010', '020', '030', '040', '050', '070'], {
  error: MESSAGES.invalid,
});
export type OrderStatusCode = z.infer<typeof orderStatusCode>;

const flag = z.union([z.literal(0), z.literal(1)], { error: MESSAGES.invalid });

/** A delivery or preparation comment: at most 255 characters, none the warehouse interfaces cannot carry. */
const comment = z
  .string()
  .trim()
  .max(ORDER_COMMENT_MAX, { error: MESSAGES.maxLength })
  .refine(isAlphanumeric, { error: MESSAGES.alphanumeric })
  .optional()
  .default('');

/** The most a line may order or a warehouse prepare: the warehouse contract's bound on a quantity. */
export const ORDER_QUANTITY_MAX = WAREHOUSE_QUANTITY_MAX;

/** One cart line on the wire: the stock line (lot) and the quantity ordered from it. */
export const orderLineInput = z.object({
  stockId: id,
  ordered: z
    .number({ error: MESSAGES.integer })
    .int({ error: MESSAGES.integer })
    .refine((n) => n > 0, { error: MESSAGES.greaterThan, params: { min: 0 }, abort: true })
    .refine((n) => n <= ORDER_QUANTITY_MAX, {
      error: MESSAGES.between,
      params: { min: 1, max: ORDER_QUANTITY_MAX },
      abort: true,
    })
    // The same bounds as zod's own checks, where the published document reads them (the messages above say them).
    .min(1)
    .max(ORDER_QUANTITY_MAX),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

/**
 * An order's content: every field a client chooses, once. A new order takes the defaults; a change takes any of
 * them (`changesOf`: absent is unchanged); the service's content, the wizard's values and its body are read from
 * this list (ORDER_CONTENT_FIELDS), so a new field is added here, where it is stored, and where it is shown.
 */
const orderFields = {
  segment: segmentCode.nullish(),
  reference: optionalString(ORDER_REFERENCE_MAX),
  recipientReference: optionalString(50),
  groupingNumber: optionalString(ORDER_GROUPING_MAX),
  type: z.enum(ORDER_TYPES, { error: MESSAGES.invalid }).nullish(),
  /** The destination warehouse, when the lines come from several. */
  warehouseId: id.nullish(),
  recipient: addressFields.nullish(),
  /** The recipient contact the address was copied from (required for B2C). */
  customerId: id.nullish(),
  carrierId: id.nullish(),
  serviceCode: z.string().trim().max(32).nullish(),
  pickupManagedByProduct: flag.default(1),
  shippingLabelRequired: flag.default(0),
  deliveryDate: isoDate.nullish(),
  pickupDate: isoDate.nullish(),
  deliveryComment: comment,
  preparationComment: comment,
  stocks: z.array(orderLineInput).max(ORDER_LINES_MAX, { error: MESSAGES.invalid }).default([]),
};

/** Body of POST /api/orders: a draft (000) or a send (005). The owner is the superadmin's choice. */
export const orderCreateSchema = z.object({ ownerId: id.optional(), ...orderFields, statusCode: orderStatusCode });
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export type OrderContentField = keyof typeof orderFields;
/** The fields of an order's content, in the order the schema declares them. */
export const ORDER_CONTENT_FIELDS = Object.keys(orderFields) as OrderContentField[];

/** An order's content with every field present: what a body leaves out is its default, or null. */
export type OrderContent = { [K in OrderContentField]-?: Exclude<z.output<(typeof orderFields)[K]>, undefined> };

/**
 * The content of a body (a new order's, or a change's over `base`, the stored order's content): each field the body
 * gives, else the base's, else its default (null for a field without one). No service code is an empty one.
 */
export function orderContent(body: { [K in OrderContentField]?: unknown }, base?: OrderContent): OrderContent {
  const content = Object.fromEntries(
    ORDER_CONTENT_FIELDS.map((f) => {
      const given = body[f];
      if (given !== undefined) return [f, given];
      return [f, base ? base[f] : (orderFields[f].safeParse(undefined).data ?? null)];
    }),
  ) as OrderContent;
  return { ...content, serviceCode: content.serviceCode || null };
}

/**
 * Body of PUT /api/orders/{id}: the whole order as the wizard encodes it, or `statusCode` alone from the status
 * page (canUpdateStatus: any status). `prepared` (stock id → quantity) records what the warehouse prepared; a
 * shipped (070) line without one ships its ordered quantity. The owner does not move; the reference is locked
 * once the order has left the draft.
 */
export const orderUpdateSchema = z.object({
  ...changesOf(orderFields),
  statusCode: orderStatusCode.optional(),
  prepared: z
    .record(
      id,
      z
        .number({ error: MESSAGES.integer })
        .int({ error: MESSAGES.integer })
        .refine((n) => n >= 0 && n <= ORDER_QUANTITY_MAX, {
          error: MESSAGES.between,
          params: { min: 0, max: ORDER_QUANTITY_MAX },
          abort: true,
        })
        .min(0)
        .max(ORDER_QUANTITY_MAX),
    )
    .optional(),
});
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;

/** Body of POST /api/orders/send-transmitting: the selected rows (only their ids are read). */
export const sendTransmittingSchema = z.object({
  orders: z.array(z.object({ id }).loose()).min(1, { error: MESSAGES.required }).max(1000, { error: MESSAGES.invalid }),
});

/** The carrier as the rules need it: whether the owner may use it, its owner's code, the services it may use. */
export interface OrderCarrierFacts {
  /** The carrier exists, is among the owner's carriers, and serves the order's segment (or every segment). */
  allowed: boolean;
  /** The code of the carrier's owner (CO020 asks for an order type). */
  ownerCode: string | null;
  /** The carrier's services the owner may use for this segment (B2C: its permitted services). */
  services: readonly string[];
}

/** What `orderIssues` needs beyond the order. */
export interface OrderContext {
  /** The owner's segments. */
  segments: readonly SegmentCode[];
  /** The chosen carrier's facts, when one is chosen. */
  carrier?: OrderCarrierFacts | null;
  /** The clock's now (common/clock.ts) unless a test fixes it. */
  now?: Date;
}

export type OrderIssue = { path: (string | number)[]; key: string; params?: Record<string, string | number> };

/** A line as the rules read it: the warehouse its lot lies in (null while the lot is unknown). */
export interface OrderRuleLine {
  warehouseId: string | null;
}

/** The order fields the rules read (a body, or a stored order in the same terms). */
export interface OrderRuleInput {
  statusCode: OrderStatusCode;
  /** The departure warehouse chosen when the lines lie in several. */
  warehouseId?: string | null;
  segment?: SegmentCode | null;
  reference?: string | null;
  type?: string | null;
  recipient?: unknown;
  customerId?: string | null;
  carrierId?: string | null;
  serviceCode?: string | null;
  pickupManagedByProduct: 0 | 1;
  deliveryDate?: string | null;
  pickupDate?: string | null;
  stocks: readonly OrderRuleLine[];
}

/** Which date the order needs: the pickup date when a B2B client collects itself, else the delivery date. */
export const requiredDateField = (o: { segment?: SegmentCode | null; pickupManagedByProduct: 0 | 1 }) =>
  o.segment === 'B2B' && o.pickupManagedByProduct === 0 ? 'pickupDate' : 'deliveryDate';

/** Lines whose lots lie in more than one warehouse need the departure warehouse chosen. */
export const departureWarehouseRequired = (lines: readonly OrderRuleLine[]) =>
  new Set(lines.flatMap((l) => (l.warehouseId ? [l.warehouseId] : []))).size > 1;

/**
 * The departure warehouse an order holds as chosen. Lines all in one warehouse leave from it, and the order keeps that
 * warehouse without anyone choosing it: it is a choice only while the lines lie in several, so that lines spreading
 * later ask for it again.
 */
export const chosenDeparture = (warehouseId: string | null | undefined, lines: readonly OrderRuleLine[]) =>
  departureWarehouseRequired(lines) ? (warehouseId ?? null) : null;

/** The order type is required when the carrier's owner is CO020. */
export const orderTypeRequired = (carrierOwnerCode: string | null | undefined) =>
  carrierOwnerCode === ORDER_TYPE_CARRIER_OWNER;

/**
 * The rules of an order about to be stored (spec 2 §5), as field issues. Always: a segment among the owner's, and
 * a chosen carrier (and service) the owner may use. Once sent (any status but draft): reference; the delivery date
 * (provider-managed B2B, B2C) or the pickup date (client-managed B2B), not before today in the warehouses' time
 * zone; a recipient; for B2C a carrier, a service and the recipient contact; the order type for a CO020 carrier;
 * at least one line; the departure warehouse when the lines lie in several warehouses. Field lengths and the
 * comments' characters are the body schemas'.
 * @example orderIssues({ ...order, statusCode: '005' }, { segments: ['B2B'], carrier: null })
 */
export function orderIssues(o: OrderRuleInput, context: OrderContext): OrderIssue[] {
  const out: OrderIssue[] = [];
  const add = (field: string, key: string, params?: Record<string, string | number>) =>
    out.push({ path: [field], key, ...(params ? { params } : {}) });
  if (isEmpty(o.segment)) add('segment', MESSAGES.required);
  else if (!context.segments.includes(o.segment as SegmentCode)) add('segment', MESSAGES.invalid);
  const carrier = context.carrier;
  if (!isEmpty(o.carrierId) && carrier) {
    if (!carrier.allowed) add('carrierId', MESSAGES.invalid);
    else if (!isEmpty(o.serviceCode) && !carrier.services.includes(o.serviceCode as string)) {
      add('serviceCode', MESSAGES.invalid);
    }
  }
  if (o.statusCode === '000') return out;
  if (isEmpty(o.reference)) add('reference', MESSAGES.required);
  const dateField = requiredDateField(o);
  const date = o[dateField];
  if (isEmpty(date)) add(dateField, MESSAGES.required);
  else if (!notBeforeToday(date as string, context.now)) add(dateField, MESSAGES.notBeforeToday);
  if (isEmpty(o.recipient)) add('recipient', MESSAGES.required);
  if (o.segment === 'B2C') {
    if (isEmpty(o.carrierId)) add('carrierId', MESSAGES.required);
    if (isEmpty(o.serviceCode)) add('serviceCode', MESSAGES.required);
    if (isEmpty(o.customerId)) add('customerId', MESSAGES.required);
  }
  if (!isEmpty(o.carrierId) && orderTypeRequired(carrier?.ownerCode) && isEmpty(o.type)) {
    add('type', MESSAGES.required);
  }
  if (o.stocks.length === 0) add('stocks', MESSAGES.required);
  if (isEmpty(o.warehouseId) && departureWarehouseRequired(o.stocks))
    add('warehouseId', 'order.departure_warehouse_required');
  return out;
}

/** A stock line as an order line shows it (include `stocks`, `stocks.product`, `stocks.warehouse`). */
export const orderLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  stockId: z.string(),
  product: z.object({
    id: z.string(),
    code: z.string(),
    label: z.string(),
    /** Bottles per carton. */
    pcb: z.number().int().nullable(),
  }),
  warehouse: warehouseSchema.optional(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  ordered: z.number().int(),
  /** What the warehouse prepared; null until it says. */
  prepared: z.number().int().nullable(),
  /** The lot's available quantity now (stock minus allocated, never below 0). */
  availableQuantity: z.number().int().optional(),
  /** The line's key in the cart: product and lot. */
  uniqueKey: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const packingSchema = z.object({
  /** GS1 SSCC-18, check digit included. */
  sscc: z.string(),
  /** Kilograms. */
  weight: z.number(),
  quantity: z.number().int(),
  /** CARTON or PALETTE. */
  support: z.string(),
  details: z.array(
    z.object({
      productCode: z.string(),
      label: z.string(),
      pcb: z.number().int().nullable(),
      batch: z.string().nullable(),
      quantity: z.number().int(),
      quantityInCols: z.number(),
    }),
  ),
});
export type Packing = z.infer<typeof packingSchema>;

const recipientSchema = addressFields.extend({ displayName: z.string() });

/** A tracking number and the carrier's page that follows it, when the warehouse gave one. */
export const trackingSchema = z.object({ number: z.string(), url: z.string().nullable() });
export type Tracking = z.infer<typeof trackingSchema>;

/**
 * What the warehouse made of the order (wms/contract.ts), and the client's cancellation while it waits for the
 * warehouse's answer: `requested` (the warehouse was asked), `refused` (too late: `reason` says why).
 */
export const fulfilmentSchema = z.object({
  cancellation: z.enum(['requested', 'refused']).nullable(),
  /** Why the warehouse refused the order or its cancellation. */
  reason: z.string().nullable(),
  trackingNumbers: z.array(trackingSchema),
  shippedAt: z.string().nullable(),
  /** The excise document (DAE/DSA) the goods travel under, when there is one. */
  exciseDocument: z.string().nullable(),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;
export const NO_FULFILMENT: Fulfilment = {
  cancellation: null,
  reason: null,
  trackingNumbers: [],
  shippedAt: null,
  exciseDocument: null,
};

export const orderCarrierSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  segment: segmentCode.nullable(),
  /** The carrier's owner (include `carrier.owner`): the provider's carriers are their own owners. */
  owner: z.object({ code: z.string(), name: z.string() }).optional(),
  services: z.array(z.object({ code: z.string(), name: z.string(), isPickupPoint: z.boolean() })).optional(),
});

export const orderServiceSchema = z.object({ code: z.string(), name: z.string(), isPickupPoint: z.boolean() });

/** An order as the API answers it (the list leaves out the lines unless `include=stocks`). */
export const orderSchema = z.object({
  id: z.string(),
  reference: z.string(),
  recipientReference: z.string(),
  groupingNumber: z.string(),
  exitPoint: z.string(),
  type: z.enum(ORDER_TYPES).nullable(),
  statusCode: orderStatusCode,
  segment: segmentCode.nullable(),
  ownerId: z.string(),
  owner: ref
    .extend({ segments: z.array(segmentSchema).optional(), isPooledActivity: z.boolean().optional() })
    .optional(),
  warehouseId: z.string().nullable(),
  warehouse: warehouseSchema.nullable().optional(),
  recipient: recipientSchema.nullable(),
  customerId: z.string().nullable(),
  carrierId: z.string().nullable(),
  carrier: orderCarrierSchema.nullable().optional(),
  serviceCode: z.string().nullable(),
  service: orderServiceSchema.nullable().optional(),
  pickupManagedByProduct: flag,
  shippingLabelRequired: flag,
  deliveryDate: z.string().nullable(),
  pickupDate: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  preparationDate: z.string().nullable(),
  deliveryComment: z.string(),
  preparationComment: z.string(),
  comment: z.string(),
  shippingTrackingId: z.string().nullable(),
  stocks: z.array(orderLineSchema).optional(),
  /** From 070 on, when the warehouse reported them. */
  packings: z.array(packingSchema),
  /** The number of lines, also in the list (the new-or-continue modal shows a draft's product count). */
  lineCount: z.number().int(),
  orderedQuantity: z.number().int(),
  preparedQuantity: z.number().int(),
  supportType: z.string().nullable(),
  supportNumber: z.number().int().nullable(),
  fulfilment: fulfilmentSchema,
  /** Who started the order (whose draft it is), and who acted as them; null for an order older than the record. */
  createdBy: authorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/orders/countries: the recipients' countries of the caller's orders. */
export const orderCountrySchema = z.object({ code: z.string(), country: z.string() });

/** GET /api/orders/{id}/pdf?output=json: the document as base64, for clients that ask for JSON (spec 2 §7). */
export const orderPdfJsonSchema = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });

/**
 * What the order search finds an order by: what the grid shows of it (its references and its recipient's name as
 * the recipient column shows it), so that every row found shows what matched.
 */
export const orderWords = (o: {
  reference: string;
  recipientReference?: string;
  recipient?: Partial<Address> | null;
}) => searchWords(o.reference, o.recipientReference, addressDisplayName(o.recipient));

/** The grid columns the order search looks in, as the search box tells the user. */
export const ORDER_SEARCHED = ['reference', 'recipientReference', 'recipient.displayName'] as const;
