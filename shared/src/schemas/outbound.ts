/** Receptions, orders, packings and shipping orders (spec 2 §3 and §5, spec 3 §3 and §5). */
import { z } from 'zod';
import { MESSAGES } from '../validation/validators';
import { id, isoDate, optionalString, requiredString } from '../validation/zod';
import { addressFields } from './address';
import { productQuantity } from './catalogue';
import { segmentCode } from './common';

export const RECEPTION_REFERENCE_MAX = 20;
export const receptionLineSchema = z.object({
  id: z.string().optional(),
  productId: id,
  warehouseId: id,
  quality: z.string().default('STD'),
  batch: z.string().nullish(),
  ubd: isoDate.nullish(),
  bbd: isoDate.nullish(),
  expected: productQuantity,
  received: z.number().int().default(0),
  position: z.number().int().default(0),
});
export const receptionSchema = z.object({
  id: z.string().optional(),
  reference: requiredString(RECEPTION_REFERENCE_MAX),
  expectedAt: isoDate,
  statusCode: z.enum(['000', '001', '100', '200']),
  ownerId: id.optional(),
  segment: segmentCode.nullish(),
  warehouseId: id,
  supplierId: id,
  stocks: z.array(receptionLineSchema),
  expectedQuantity: z.number().int().optional(),
  receivedQuantity: z.number().int().optional(),
  createdAt: z.string().optional(),
});
export type Reception = z.infer<typeof receptionSchema>;

export const ORDER_TYPES = ['ABO', 'COF', 'SHOP'] as const;
/** The carrier owner whose orders need a type. */
export const ORDER_TYPE_CARRIER_OWNER = 'CO020';
export const orderLineSchema = z.object({
  stockId: id,
  ordered: z.number().int().positive(),
  prepared: z.number().int().default(0),
  position: z.number().int().default(0),
});
export const orderSchema = z.object({
  id: z.string().optional(),
  reference: requiredString(50),
  recipientReference: optionalString(50),
  groupingNumber: optionalString(15),
  exitPoint: optionalString(50),
  type: z.enum(ORDER_TYPES).nullish(),
  statusCode: z.enum(['000', '005', '010', '020', '030', '040', '050', '070']),
  segment: segmentCode,
  ownerId: id.optional(),
  warehouseId: id.nullish(),
  recipient: addressFields.optional(),
  customerId: id.nullish(),
  carrierId: id.nullish(),
  serviceCode: z.string().nullish(),
  pickupManagedByProduct: z.union([z.literal(0), z.literal(1)]).default(1),
  shippingLabelRequired: z.union([z.literal(0), z.literal(1)]).default(0),
  deliveryDate: isoDate.nullish(),
  appointmentDate: isoDate.nullish(),
  preparationDate: isoDate.nullish(),
  deliveryComment: optionalString(255),
  preparationComment: optionalString(255),
  comment: optionalString(255),
  shippingTrackingId: z.string().nullish(),
  stocks: z.array(orderLineSchema).default([]),
  createdAt: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const packingSchema = z.object({
  sscc: z.string(),
  weight: z.number(),
  quantity: z.number().int(),
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

const count = (requiredCount: boolean) => {
  const n = z.coerce.number({ error: MESSAGES.integer }).int({ error: MESSAGES.integer }).gt(0, {
    error: MESSAGES.greaterThan,
  });
  return requiredCount ? n : n.nullish();
};
const shippingAddress = z.object({
  name: requiredString(100),
  contact: optionalString(100),
  street: requiredString(150),
  postcode: requiredString(12),
  city: requiredString(100),
  exciseNumber: optionalString(13),
  comment: optionalString(255),
  timeslots: z.array(z.object({ start: z.string(), end: z.string() })).default([]),
});
export const shippingOrderSchema = z.object({
  id: z.string().optional(),
  reference: requiredString(50),
  statusCode: z.enum(['000', '001', '100', '200']).default('001'),
  ownerId: id.optional(),
  warehouseId: id,
  segment: segmentCode,
  senderId: id.nullish(),
  recipientId: id.nullish(),
  pickupAddress: shippingAddress,
  deliveryAddress: shippingAddress,
  palletCount: count(true),
  parcelCount: count(false),
  unitCount: count(true),
  pickupDate: isoDate.nullish(),
  deliveryDate: isoDate,
  pickedupAt: z.string().nullish(),
  deliveredAt: z.string().nullish(),
  tracking: z.string().nullish(),
  createdAt: z.string().optional(),
});
export type ShippingOrder = z.infer<typeof shippingOrderSchema>;
/** The weight sent with a shipping order: 1.3 times the unit count. */
export const shippingWeight = (unitCount: number) => Math.round(unitCount * 1.3 * 100) / 100;
