/** The product referential: families and dynamic attributes (spec 3 §3). */
import * as z from 'zod';

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
