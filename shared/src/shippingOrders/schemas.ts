/** Shipping orders (spec 2 §3, §5). */
import * as z from 'zod';
import { segmentCode } from '../common/schemas';
import { MESSAGES } from '../validation/validators';
import { id, isoDate, optionalString, requiredString } from '../validation/zod';

export const count = (requiredCount: boolean) => {
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
