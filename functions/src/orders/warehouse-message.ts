/**
 * The messages exchanged with the warehouse system (issue 10; documented in the README, "Warehouse messages").
 *
 * Cellar → warehouse, on the warehouse-orders queue:
 *   order.transmitted  an order to prepare (sent on 005, and again by "resend transmitting")
 *   order.sent         an order marked sent (070) in Cellar: the warehouse reports its packing list
 * Warehouse → Cellar, on the warehouse-events queue (orders/warehouse-worker.ts):
 *   order.acknowledged the warehouse took the order: 005 → 010 (a repeated one changes nothing)
 *   order.packed       the packing list of a sent order (recorded once)
 * Every message names the order by id and its step (`seq`); a consumer must accept a message twice.
 */
import { packingSchema } from '@cellar/shared/orders/schemas';
import * as z from 'zod';

export const WAREHOUSE_MESSAGE_VERSION = 1;

const line = z.object({
  stockId: z.string(),
  productCode: z.string(),
  label: z.string(),
  pcb: z.number().int().nullable(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  warehouseCode: z.string(),
  ordered: z.number().int(),
});

export const warehouseOrderMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('order.transmitted'),
    version: z.literal(WAREHOUSE_MESSAGE_VERSION),
    orderId: z.string(),
    ownerCode: z.string(),
    reference: z.string(),
    segment: z.string().nullable(),
    warehouseCode: z.string().nullable(),
    deliveryDate: z.string().nullable(),
    pickupDate: z.string().nullable(),
    pickupManagedByProduct: z.union([z.literal(0), z.literal(1)]),
    carrierCode: z.string().nullable(),
    serviceCode: z.string().nullable(),
    recipient: z.record(z.string(), z.unknown()).nullable(),
    deliveryComment: z.string(),
    preparationComment: z.string(),
    lines: z.array(line),
    sentAt: z.string(),
  }),
  z.object({
    type: z.literal('order.sent'),
    version: z.literal(WAREHOUSE_MESSAGE_VERSION),
    orderId: z.string(),
    reference: z.string(),
    lines: z.array(line.extend({ prepared: z.number().int().nullable() })),
    sentAt: z.string(),
  }),
]);
export type WarehouseOrderMessage = z.infer<typeof warehouseOrderMessage>;

export const warehouseEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order.acknowledged'), orderId: z.string(), at: z.string() }),
  z.object({
    type: z.literal('order.packed'),
    orderId: z.string(),
    packings: z.array(packingSchema),
    supportType: z.string().nullable(),
    at: z.string(),
  }),
]);
export type WarehouseEvent = z.infer<typeof warehouseEvent>;
