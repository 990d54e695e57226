/** Customer orders, their lines and packings (spec 2 §3, §5). */
import * as z from 'zod';
import { addressFields } from '../common/address';
import { segmentCode } from '../common/schemas';
import { id, isoDate, optionalString, requiredString } from '../validation/zod';

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
