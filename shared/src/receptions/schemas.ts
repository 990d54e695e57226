/** Receptions: inbound deliveries and their lines (spec 3 §3, §5). */
import * as z from 'zod';
import { segmentCode } from '../common/schemas';
import { productQuantity } from '../products/schemas';
import { id, isoDate, requiredString } from '../validation/zod';

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
