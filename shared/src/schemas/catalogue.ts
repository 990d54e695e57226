/** Products with dynamic attributes, families, stock lines and stock movements (spec 3 §3, spec 2 §3). */
import { z } from 'zod';
import { MESSAGES } from '../validation/validators';
import { id, optionalString, requiredString } from '../validation/zod';
import { EXCLUDED_QUALITIES, segmentCode, warehouseSchema } from './common';
import { contactCode } from './contact';

export const ATTRIBUTE_TYPES = ['combobox', 'boolean', 'autocomplete', 'input'] as const;
export const COLOR_CODES = ['RG', 'BL', 'RS', 'BR', 'AM', 'BA', 'RO', 'NO', 'BO'] as const;
export const GOVERNING_RIGHTS = { A: 'Acquit', R: 'CRD' } as const;
export const ATTRIBUTE_GROUPS = ['alcohol', 'contacts', 'products', 'users', 'companies'] as const;

/** Text in both languages of the product. */
export const localizedSchema = z.object({ fr: z.string(), en: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

export const attributeItemSchema = z.object({
  code: z.string(),
  label: localizedSchema,
  active: z.boolean().default(true),
  /** Conditions on other attributes for this choice to be offered, e.g. { family: ['SPIRIT'] }. */
  rules: z.record(z.string(), z.array(z.string())).default({}),
});
export type AttributeItem = z.infer<typeof attributeItemSchema>;

export const attributeSchema = z.object({
  id: z.string(),
  group: z.enum(ATTRIBUTE_GROUPS),
  label: localizedSchema,
  type: z.enum(ATTRIBUTE_TYPES),
  isSelect: z.boolean(),
  unit: z.string().nullable(),
  required: z.boolean(),
  regex: z.string().nullable(),
  /** Conditions on other attributes that activate this one, e.g. { family: ['WINE'] }. */
  rules: z.record(z.string(), z.array(z.string())).default({}),
  items: z.array(attributeItemSchema).default([]),
  position: z.number().int(),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const productFamilySchema: z.ZodType<ProductFamily> = z.lazy(() =>
  z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    owner_id: z.string().nullable(),
    parentId: z.string().nullable(),
    families: z.array(productFamilySchema).optional(),
  }),
);
export interface ProductFamily {
  id: string;
  code: string;
  name: string;
  owner_id: string | null;
  parentId: string | null;
  families?: ProductFamily[];
}

const attributeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** Body of POST and PUT /api/products; attribute values are checked against the sub-family's attributes. */
export const productInputSchema = z.object({
  ownerId: id.optional(),
  warehouseId: id.nullish(),
  supplierId: id.nullish(),
  code: contactCode,
  label: requiredString(150),
  familyId: requiredString(64),
  attributes: z.record(z.string().max(64), attributeValue).default({}),
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

const ref = z.object({ id: z.string(), code: z.string(), name: z.string() });

export const productSchema = productInputSchema.extend({
  id: z.string(),
  ownerId: z.string(),
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

export const DEFAULT_QUALITIES = ['STD', 'NCO'] as const;
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

export const productQuantity = z.coerce
  .number({ error: MESSAGES.integer })
  .int({ error: MESSAGES.integer })
  .min(0)
  .max(99999, { error: MESSAGES.invalid });
