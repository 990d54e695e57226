/**
 * Products (see data/ACCESS-PATTERNS.md):
 *   item        PK T#<owner>       SK PRODUCT#<code>       natural key: codes are unique per owner
 *   by id       GSI1PK ID#<id>     GSI1SK PRODUCT
 *   all owners  GSI2PK PRODUCTS    GSI2SK <code>#<owner>   the superadmin's list
 *   totals      PK COUNT#T#<owner> or COUNT#ALL, SK PRODUCT#visible / PRODUCT#hidden
 *   list sorts  LS1PK…LS14PK T#<owner>#PRODUCT, one per sortable column (PRODUCT_LIST.indexes)
 *   search      SEARCH#T#<owner>#PRODUCT#<letter> and SEARCH#ALL#PRODUCT#<letter>: code, label, unit EAN;
 *               ORDERED#T#<owner>#PRODUCT#<1–3 letters> and ORDERED#ALL#PRODUCT#…: the same words in code order
 * Each product carries a summary of its stock (quantity, and sellable quantity per warehouse and segment),
 * kept by the stock writes, from which hasStock and the order/reception grids' filters are answered.
 */
import { PRODUCT_LIST } from '@cellar/shared/products/routes';
import { productWords } from '@cellar/shared/products/schemas';
import { findSubFamily } from '@cellar/shared/referential/data';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { queryPage, readCounter, type Source } from '../data/table';
import type { FieldMessages } from '../errors';

const productItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  ownerId: z.string(),
  warehouseId: z.string().nullable(),
  supplierId: z.string().nullable(),
  familyId: z.string(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  hasBatch: z.boolean(),
  hasBbd: z.boolean(),
  hasUbd: z.boolean(),
  hidden: z.boolean(),
  eanUnit: z.string(),
  eanParcel: z.string(),
  eanPallet: z.string(),
  comment: z.string(),
  /** The summary of its stock lines, kept by every stock write. */
  stock: z.object({
    quantity: z.number(),
    /** `<warehouseId>|<segment or ->` → sellable quantity (available, in a sellable quality). */
    sellable: z.record(z.string(), z.number()),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ProductItem = z.infer<typeof productItemSchema>;
export type StockSummary = ProductItem['stock'];

const ALL = 'ALL';

/** The list-sort and search partition of one owner's products, or every owner's. */
export const productListScope = (owner: string | 'all') => `${owner === 'all' ? ALL : keys.tenant(owner)}#PRODUCT`;

/** A product as its list sorts it: the plan's columns, from the item alone. */
const listRow = (p: ProductItem) => ({ ...p, family: { name: findSubFamily(p.familyId)?.name ?? null } });

const visibility = (hidden: boolean) => (hidden ? 'PRODUCT#hidden' : 'PRODUCT#visible');

export const productRecords = defineEntity<ProductItem>({
  name: 'product',
  schema: productItemSchema,
  key: (p) => keys.product(p.ownerId, p.code),
  indexes: (p) => ({ GSI1: [keys.byId(p.id), 'PRODUCT'], GSI2: [keys.products, `${p.code}#${p.ownerId}`] }),
  counters: (p) => [
    keys.counter(keys.tenant(p.ownerId), visibility(p.hidden)),
    keys.counter(ALL, visibility(p.hidden)),
  ],
  everywhere: () => [{ index: 'GSI2', pk: keys.products }],
  list: {
    spec: PRODUCT_LIST,
    sortScope: (p) => productListScope(p.ownerId),
    row: listRow,
    search: { scopes: (p) => [productListScope(p.ownerId), productListScope('all')], words: productWords },
  },
});

export const insertProduct = (p: ProductItem, clash: FieldMessages) => productRecords.insert(p, clash);

export const replaceProduct = (next: ProductItem, previous: ProductItem) => productRecords.replace(next, previous);

export async function findProduct(id: string): Promise<ProductItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'PRODUCT' }, 1);
  return items[0] ? productRecords.parse(items[0]) : undefined;
}

/** An owner's product by its code (the warehouse names products by code). */
export const findProductByCode = (ownerId: string, code: string) => productRecords.get(keys.product(ownerId, code));

export const productSource = (owner: string | 'all'): Omit<Source, 'desc'> =>
  owner === 'all' ? { index: 'GSI2', pk: keys.products } : { pk: keys.tenant(owner), skPrefix: keys.productPrefix };

/** Products of an owner (or everyone), the visible and the hidden ones. */
export async function productVisibility(owner: string | 'all', withHidden = true) {
  const scope = owner === 'all' ? ALL : keys.tenant(owner);
  const [visible, hidden] = await Promise.all([
    readCounter(keys.counter(scope, visibility(false))),
    withHidden ? readCounter(keys.counter(scope, visibility(true))) : 0,
  ]);
  return { visible, hidden };
}

/** Products of an owner (or everyone), all or only the visible ones. */
export async function countProducts(owner: string | 'all', visibleOnly: boolean): Promise<number> {
  const { visible, hidden } = await productVisibility(owner, !visibleOnly);
  return visible + hidden;
}
