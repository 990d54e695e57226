/**
 * The message contract between Cellar and the provider's warehouse management system (WMS), both ways. Cellar is
 * the source of what the client asked (orders, receptions, shipping orders); the warehouse is the source of what
 * happened physically (prepared, shipped, arrived, counted, adjusted). The workers validate with these schemas, and
 * the AsyncAPI document served at /api/asyncapi.json is generated from them (functions/src/platform/http/asyncapi.ts).
 *
 * Every message is one JSON object on an SQS queue:
 *   cellar-to-warehouse   what Cellar asks    (CELLAR_MESSAGES)
 *   warehouse-to-cellar   what the WMS reports (WMS_REPORTS); an invalid or unknown one goes to its dead-letter queue
 * Delivery is at least once, in no particular order. Each message names its document (`documentId`) and a sequence
 * (`seq`) that grows with each change of that document on the sender's side (gaps are normal). A receiver applies a
 * message only when its `seq` is higher than the last it applied for the document, and ignores the others: a
 * message received twice, or overtaken by a later one, changes nothing. So every message carries the whole of what
 * it says (an `order.modified` is the whole order again; a WMS that never got the `order.transmitted` takes it as
 * one), and a later report says everything an earlier one it overtook would have (`order.shipped` carries the
 * shipped quantities that `order.prepared` would have given). Cellar still records an overtaken report in the
 * document's history, at the date it gives, once: it happened, and changed nothing.
 */
import * as z from 'zod';
import { WAREHOUSE_QUANTITY_MAX } from '../common/quantities';
import { packingSchema } from '../orders/schemas';

export const WMS_CONTRACT_VERSION = 2 as const;

const text = (max: number) => z.string().max(max);
const code = z.string().min(1).max(50);
const date = z.iso.date();
const instant = z.iso.datetime({ offset: true });
const quantity = z.number().int().min(0).max(WAREHOUSE_QUANTITY_MAX);

/** What every message carries. */
const envelope = {
  /** Unique per message (a repeated delivery has the same): for logs and the dead-letter queue. */
  messageId: z.string().min(1).max(128),
  version: z.literal(WMS_CONTRACT_VERSION),
  /** The order, reception, shipping order or adjustment the message is about (Cellar's id; the WMS's for an adjustment). */
  documentId: z.string().min(1).max(64),
  /** Grows with each change of the document on the sender's side: a receiver applies only a higher one. */
  seq: z.number().int().min(1),
  /** When the sender wrote it. */
  at: instant,
};

const message = <T extends string, S extends z.ZodRawShape>(type: T, description: string, shape: S) =>
  z.object({ type: z.literal(type), ...envelope, ...shape }).meta({ title: type, description });

// ── Cellar → warehouse ─────────────────────────────────────────────────────────────────────────────────────────

/** A line of an order: one lot of a product, from one warehouse. */
const orderLine = z.object({
  /** Cellar's line id: the warehouse's reports name lines by it. */
  lineId: z.string(),
  productCode: code,
  label: text(200),
  /** Bottles per carton, when the product says. */
  pcb: z.number().int().nullable(),
  quality: code,
  batch: text(50).nullable(),
  ubd: date.nullable(),
  bbd: date.nullable(),
  warehouseCode: code,
  ordered: quantity,
});

const orderContent = {
  ownerCode: code,
  reference: text(50),
  recipientReference: text(50),
  segment: z.enum(['B2B', 'B2C']).nullable(),
  /** The warehouse it leaves from. */
  warehouseCode: code.nullable(),
  deliveryDate: date.nullable(),
  pickupDate: date.nullable(),
  /** 1: the provider arranges the transport; 0: the client's carrier picks it up. */
  pickupManagedByProduct: z.union([z.literal(0), z.literal(1)]),
  shippingLabelRequired: z.union([z.literal(0), z.literal(1)]),
  carrierCode: code.nullable(),
  serviceCode: code.nullable(),
  /** Where it goes: the recipient's address as the order holds it. */
  recipient: z
    .object({
      displayName: text(200),
      company: text(100).optional(),
      name: text(100).optional(),
      street: text(150).optional(),
      details: text(150).optional(),
      postcode: text(12).optional(),
      city: text(100).optional(),
      country: text(2).optional(),
      email: text(200).optional(),
      phone: text(50).optional(),
      /** The consignee's excise numbers, for goods under duty suspension. */
      exciseNumber: text(50).optional(),
      exciseWarehouseNumber: text(50).optional(),
      /** A pickup point's code (B2C). */
      pickupCode: text(32).optional(),
    })
    .nullable(),
  deliveryComment: text(2000),
  preparationComment: text(2000),
  lines: z.array(orderLine).max(1000),
};

export const orderTransmitted = message(
  'order.transmitted',
  'An order to prepare. The warehouse answers order.acknowledged or order.refused.',
  orderContent,
);
export const orderModified = message(
  'order.modified',
  'The whole order again, after the client changed it (only before preparation starts). Replaces what was transmitted.',
  orderContent,
);
export const orderCancellationRequested = message(
  'order.cancellation_requested',
  'The client cancels the order. The warehouse answers order.cancellation_confirmed, or order.cancellation_refused when it is too late.',
  { ownerCode: code, reference: text(50) },
);

/** A line of an advance shipping notice: what the supplier is expected to deliver, lot by lot. */
const receptionLine = z.object({
  lineId: z.string(),
  productCode: code,
  label: text(200),
  quality: code,
  batch: text(50).nullable(),
  ubd: date.nullable(),
  bbd: date.nullable(),
  expected: quantity,
});

const receptionContent = {
  ownerCode: code,
  reference: text(50),
  warehouseCode: code,
  segment: z.enum(['B2B', 'B2C']).nullable(),
  expectedAt: date.nullable(),
  supplier: z.object({ code: code, name: text(200) }).nullable(),
  lines: z.array(receptionLine).max(1000),
};

export const receptionAnnounced = message(
  'reception.announced',
  'An advance shipping notice (ASN): a delivery the warehouse is to receive. The warehouse reports reception.arrived, then reception.received.',
  receptionContent,
);
export const receptionModified = message(
  'reception.modified',
  'The whole notice again, after the client changed it before the delivery arrived.',
  receptionContent,
);
export const receptionCancelled = message('reception.cancelled', 'The delivery will not come.', {
  ownerCode: code,
  reference: text(50),
});

const shippingAddress = z.object({
  name: text(100),
  contact: text(100),
  street: text(150),
  postcode: text(12),
  city: text(100),
  exciseNumber: text(13),
  comment: text(255),
  /** Opening hours, HH:MM to HH:MM. */
  timeslots: z.array(z.object({ start: text(5), end: text(5) })).max(10),
});

const shippingOrderContent = {
  ownerCode: code,
  reference: text(50),
  warehouseCode: code,
  pickupAddress: shippingAddress,
  deliveryAddress: shippingAddress,
  palletCount: quantity,
  parcelCount: quantity.nullable(),
  unitCount: quantity,
  /** Kilograms. */
  weight: z.number().min(0),
  pickupDate: date.nullable(),
  deliveryDate: date,
};

export const shippingOrderBooked = message(
  'shipping_order.booked',
  'A transport to book: pallets and parcels from one address to another.',
  shippingOrderContent,
);
export const shippingOrderModified = message(
  'shipping_order.modified',
  'The whole transport order again, after a change.',
  shippingOrderContent,
);
export const shippingOrderCancelled = message(
  'shipping_order.cancelled',
  'The transport is no longer wanted: cancel its booking.',
  { ownerCode: code, reference: text(50) },
);

/** What Cellar sends the warehouse, by type. */
export const CELLAR_MESSAGES = [
  orderTransmitted,
  orderModified,
  orderCancellationRequested,
  receptionAnnounced,
  receptionModified,
  receptionCancelled,
  shippingOrderBooked,
  shippingOrderModified,
  shippingOrderCancelled,
] as const;
export const cellarMessage = z.discriminatedUnion('type', CELLAR_MESSAGES);
export type CellarMessage = z.infer<typeof cellarMessage>;
export type CellarMessageType = CellarMessage['type'];

// ── warehouse → Cellar ─────────────────────────────────────────────────────────────────────────────────────────

export const orderAcknowledged = message(
  'order.acknowledged',
  'The warehouse took the order: it is in entry (010).',
  {},
);
export const orderRefused = message(
  'order.refused',
  'The warehouse cannot take the order (an unknown product, an address it cannot serve): it is cancelled (050) and its stock released.',
  { reason: text(500).min(1) },
);
export const orderPreparing = message(
  'order.preparing',
  'Preparation started (020): from now on a cancellation is a request the warehouse may refuse.',
  { preparationDate: date, appointmentDate: date.nullable() },
);

/** A line's quantity as prepared or shipped: less than ordered is a shortfall, whose difference is released. */
const preparedLine = z.object({ lineId: z.string(), quantity });

export const orderPrepared = message(
  'order.prepared',
  'The order is prepared (040), line by line: a line prepared short releases the difference.',
  { lines: z.array(preparedLine).max(1000) },
);

const tracking = z.object({ number: text(100).min(1), url: z.url().max(500).nullable() });

export const orderShipped = message(
  'order.shipped',
  'The order left the warehouse (070): the shipped quantities leave the stock as output movements. Told once: a later shipment or preparation reported of a shipped order is kept in its timeline and changes nothing (a correction of stock is a stock.adjusted).',
  {
    shippedAt: instant,
    carrierCode: code.nullable(),
    trackingNumbers: z.array(tracking).max(200),
    exitPoint: text(100),
    /** CARTON or PALETTE: how the packings are counted. */
    supportType: code.nullable(),
    packings: z.array(packingSchema).max(2000),
    lines: z.array(preparedLine).max(1000),
    /** The excise document (DAE/DSA) reference, when the goods travel under duty suspension. */
    exciseDocument: text(50).nullable(),
  },
);
export const orderCancellationConfirmed = message(
  'order.cancellation_confirmed',
  'The warehouse stopped the order: it is cancelled (050) and its stock released.',
  {},
);
export const orderCancellationRefused = message(
  'order.cancellation_refused',
  'Too late to stop the order: it goes on.',
  { reason: text(500).min(1) },
);
export const receptionArrived = message('reception.arrived', 'The delivery is at the dock (100).', {
  arrivedAt: instant,
});

/**
 * What was counted of one announced line: as many entries as lots found. A lot other than announced (another
 * batch, a damaged quality such as BLO or NCO) is its own stock line; what was not found counts 0.
 */
const receivedLot = z.object({
  lineId: z.string(),
  quantity,
  quality: code,
  batch: text(50).nullable(),
  ubd: date.nullable(),
  bbd: date.nullable(),
  /** The warehouse's remark (a broken case, a missing carton). */
  note: text(500).nullable(),
});

export const receptionReceived = message(
  'reception.received',
  'The delivery is counted (200): the counted quantities enter the stock as input movements; differences from the notice are kept.',
  { receivedAt: instant, lots: z.array(receivedLot).max(2000) },
);

/** The reasons a warehouse adjusts stock outside any document. */
export const ADJUSTMENT_REASONS = ['INV+', 'INV-', 'CASSE', 'RET'] as const;

export const stockAdjusted = message(
  'stock.adjusted',
  'Stock changed outside any order or reception (an inventory count, a breakage, a customer return): one movement. documentId is the warehouse’s own id of the adjustment, seq 1.',
  {
    ownerCode: code,
    warehouseCode: code,
    productCode: code,
    segment: z.enum(['B2B', 'B2C']).nullable(),
    quality: code,
    batch: text(50).nullable(),
    ubd: date.nullable(),
    bbd: date.nullable(),
    /** Signed: positive enters, negative leaves. */
    quantity: z
      .number()
      .int()
      .min(-WAREHOUSE_QUANTITY_MAX)
      .max(WAREHOUSE_QUANTITY_MAX)
      .refine((n) => n !== 0),
    reasonCode: z.enum(ADJUSTMENT_REASONS),
    reason: text(200),
    note: text(500).nullable(),
  },
);

/** What the warehouse reports to Cellar, by type. */
export const WMS_REPORTS = [
  orderAcknowledged,
  orderRefused,
  orderPreparing,
  orderPrepared,
  orderShipped,
  orderCancellationConfirmed,
  orderCancellationRefused,
  receptionArrived,
  receptionReceived,
  stockAdjusted,
] as const;
export const wmsReport = z.discriminatedUnion('type', WMS_REPORTS);
export type WmsReport = z.infer<typeof wmsReport>;
export type WmsReportType = WmsReport['type'];
export type WmsReportOf<T extends WmsReportType> = Extract<WmsReport, { type: T }>;

/**
 * Whether a message for a document is news: its `seq` is above the last applied (0 when none).
 * @example isNews({ seq: 3 }, 3) // false: a duplicate, or overtaken
 */
export const isNews = (m: { seq: number }, lastApplied: number | null | undefined) => m.seq > (lastApplied ?? 0);
