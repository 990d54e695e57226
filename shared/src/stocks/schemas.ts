/** Stock lines and their qualities (spec 2 §3, spec 3 §3). */
import * as z from 'zod';
import { ref, segmentCode } from '../common/schemas';
import { searchWords } from '../filter/search';
import { attributeValue } from '../products/schemas';
import { warehouseSchema } from '../warehouses/schemas';
import { EXCLUDED_QUALITIES } from './qualities';

export { DEFAULT_QUALITIES, EXCLUDED_QUALITIES, STOCK_QUALITIES } from './qualities';

/** A stock line is offered for orders when something is available in a sellable quality. */
export const isSellable = (s: { quantity: number; quantity_allocated: number; quality: string }) =>
  availableQuantity(s) > 0 && !(EXCLUDED_QUALITIES as readonly string[]).includes(s.quality);

const stockProduct = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  family: z.object({ id: z.string(), name: z.string() }).nullable(),
  attributes: z.record(z.string(), attributeValue),
});

export const stockSchema = z.object({
  id: z.string(),
  product: stockProduct,
  owner: ref.optional(),
  warehouse: warehouseSchema.optional(),
  segment: segmentCode.nullable(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  quantity: z.number().int(),
  available: z.number().int(),
  quantity_allocated: z.number().int(),
  quantity_receive_in_progress: z.number().int(),
  quantity_on_arriving: z.number().int(),
  storedAt: z.string().nullable(),
  createdAt: z.string(),
});

export type Stock = z.infer<typeof stockSchema>;

/** Available quantity: stock minus allocated, never below 0. */
export const availableQuantity = (s: { quantity: number; quantity_allocated: number }) =>
  Math.max(0, s.quantity - s.quantity_allocated);

/** What the stock search finds a line by: its product's code and label, and its batch (word beginnings). */
export const stockWords = (s: { product: { code: string; label: string }; batch: string | null }) =>
  searchWords(s.product.code, s.product.label, s.batch);
