/** The product form's values and the bodies of POST and PUT /api/products (productInputSchema). */

import type { Product, ProductInput, productInputSchema } from '@cellar/shared/products/schemas';
import type { AttributeValues } from '@cellar/shared/referential/attributes';
import { isEmpty } from '@cellar/shared/validation/validators';
import type * as z from 'zod';

export type ProductBody = z.input<typeof productInputSchema>;

export interface ProductFormValues {
  ownerId: string | null;
  warehouseId: string | null;
  supplierId: string | null;
  code: string;
  label: string;
  /** The family, whose sub-families are offered; the body carries the sub-family only. */
  parentFamilyId: string | null;
  familyId: string | null;
  attributes: AttributeValues;
  hasBatch: boolean;
  hasBbd: boolean;
  hasUbd: boolean;
  hidden: boolean;
  eanUnit: string;
  eanParcel: string;
  eanPallet: string;
  comment: string;
}

export const newProductValues = (defaults: Pick<ProductFormValues, 'ownerId' | 'warehouseId'>): ProductFormValues => ({
  ...defaults,
  supplierId: null,
  code: '',
  label: '',
  parentFamilyId: null,
  familyId: null,
  attributes: {},
  hasBatch: false,
  hasBbd: false,
  hasUbd: false,
  hidden: false,
  eanUnit: '',
  eanParcel: '',
  eanPallet: '',
  comment: '',
});

export const productValuesOf = (p: Product): ProductFormValues => ({
  ownerId: p.ownerId,
  warehouseId: p.warehouseId ?? null,
  supplierId: p.supplierId ?? null,
  code: p.code,
  label: p.label,
  parentFamilyId: p.family?.parent.id ?? null,
  familyId: p.familyId,
  attributes: { ...p.attributes },
  hasBatch: p.hasBatch,
  hasBbd: p.hasBbd,
  hasUbd: p.hasUbd,
  hidden: p.hidden,
  eanUnit: p.eanUnit,
  eanParcel: p.eanParcel,
  eanPallet: p.eanPallet,
  comment: p.comment,
});

/** Values left empty are not sent: an empty optional attribute is no value at all. */
const given = (values: AttributeValues) => Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmpty(v)));

/** The body of a create or an update; only a superadmin names the owner (and only on create). */
export const productBody = (v: ProductFormValues, withOwner: boolean): ProductBody => ({
  ...(withOwner && v.ownerId ? { ownerId: v.ownerId } : {}),
  warehouseId: v.warehouseId,
  supplierId: v.supplierId,
  code: v.code,
  label: v.label,
  familyId: v.familyId ?? '',
  attributes: given(v.attributes) as ProductInput['attributes'],
  hasBatch: v.hasBatch,
  hasBbd: v.hasBbd,
  hasUbd: v.hasUbd,
  hidden: v.hidden,
  eanUnit: v.eanUnit,
  eanParcel: v.eanParcel,
  eanPallet: v.eanPallet,
  comment: v.comment,
});

/** Hide and show save the whole product with `hidden` changed (spec 3 §4 product visibility). */
export const visibilityBody = (p: Product, hidden: boolean): ProductBody => ({
  ...productBody(productValuesOf(p), false),
  hidden,
});
