/** Products with dynamic attributes (spec 3 §3). */
import * as z from 'zod';
import { ref } from '../common/schemas';
import { contactCode } from '../contacts/schemas';
import { searchWords } from '../filter/search';
import { id, optionalString, requiredString } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';

export const attributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * The largest number an attribute is given as (a degree, a capacity in centilitres, a vintage: all far below): a
 * number beyond it is refused as the request's, never stored.
 */
export const ATTRIBUTE_NUMBER_MAX = 1_000_000_000;

/** An attribute's value as a request gives it: a number within ±ATTRIBUTE_NUMBER_MAX. */
const attributeInput = z.union([
  z.string(),
  z.number().min(-ATTRIBUTE_NUMBER_MAX).max(ATTRIBUTE_NUMBER_MAX),
  z.boolean(),
  z.null(),
]);

/** Body of POST and PUT /api/products; attribute values are checked against the sub-family's attributes. */
export const productInputSchema = z.object({
  ownerId: id.optional(),
  warehouseId: id.nullish(),
  supplierId: id.nullish(),
  code: contactCode,
  label: requiredString(150),
  familyId: requiredString(64),
  attributes: z.record(z.string().max(64), attributeInput).default({}),
  hasBatch: z.boolean().default(false),
  hasBbd: z.boolean().default(false),
  hasUbd: z.boolean().default(false),
  hidden: z.boolean().default(false),
  eanUnit: optionalString(14),
  eanParcel: optionalString(14),
  eanPallet: optionalString(14),
  comment: optionalString(255),
});

export type ProductInput = z.infer<typeof productInputSchema>;

export const productSchema = productInputSchema.extend({
  id: z.string(),
  ownerId: z.string(),
  /** As stored: what a request gives is bounded, what was stored before the bound is still answered. */
  attributes: z.record(z.string().max(64), attributeValue).default({}),
  owner: ref.optional(),
  warehouse: warehouseSchema.nullish(),
  supplier: ref.nullish(),
  family: z
    .object({ id: z.string(), name: z.string(), parent: z.object({ id: z.string(), name: z.string() }) })
    .nullish(),
  /** Computed from the stock lines, never taken from input. */
  hasStock: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Product = z.infer<typeof productSchema>;

/** Multiple-stock management applies when any of batch, best-before or use-by is tracked. */
export const managesMultipleStock = (p: Pick<Product, 'hasBatch' | 'hasBbd' | 'hasUbd'>) =>
  p.hasBatch || p.hasBbd || p.hasUbd;

/** What the product search finds a product by: its code, its label and its unit EAN (word beginnings). */
export const productWords = (p: { code: string; label: string; eanUnit: string }) =>
  searchWords(p.code, p.label, p.eanUnit);
