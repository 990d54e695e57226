/** Stock movements: the history of stock (spec 2 §3). */
import * as z from 'zod';
import { ref, segmentCode } from '../common/schemas';
import { searchWords } from '../filter/search';
import { warehouseSchema } from '../warehouses/schemas';

export const STOCK_DIRECTIONS = ['input', 'output'] as const;

export const stockMovementSchema = z.object({
  id: z.string(),
  date: z.string(),
  reasonCode: z.string(),
  reason: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  direction: z.enum(STOCK_DIRECTIONS),
  segment: segmentCode.nullable(),
  owner: ref.optional(),
  warehouse: warehouseSchema,
  stock: z.object({
    id: z.string(),
    batch: z.string().nullable(),
    ubd: z.string().nullable(),
    bbd: z.string().nullable(),
    quality: z.string(),
    product: z.object({ code: z.string(), label: z.string() }),
  }),
  order: z
    .object({ id: z.string(), reference: z.string(), recipient: z.object({ displayName: z.string() }) })
    .nullable(),
  reception: z.object({ id: z.string(), reference: z.string(), supplier: z.object({ code: z.string() }) }).nullable(),
});

export type StockMovement = z.infer<typeof stockMovementSchema>;

/**
 * What the search box finds a movement by: the words of its product's code and label, and its note. Its reason is
 * a column of its own, filtered by its code: its words, the same on every movement of a kind, would cost each
 * movement three more index items and select what the reason filter selects.
 */
export const movementWords = (
  m: Pick<StockMovement, 'note'> & { stock: { product: { code: string; label: string } } },
) => searchWords(m.stock.product.code, m.stock.product.label, m.note);
