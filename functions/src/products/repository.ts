/**
 * Products (see data/ACCESS-PATTERNS.md):
 *   item        PK T#<owner>       SK PRODUCT#<code>       natural key: codes are unique per owner
 *   by id       GSI1PK ID#<id>     GSI1SK PRODUCT
 *   all owners  GSI2PK PRODUCTS    GSI2SK <code>#<owner>   the superadmin's list
 *   totals      PK COUNT#T#<owner> or COUNT#ALL, SK PRODUCT#visible / PRODUCT#hidden
 * Each product carries a summary of its stock (quantity, and sellable quantity per warehouse and segment),
 * kept by the stock writes, from which hasStock and the order/reception grids' filters are answered.
 */
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
  /** The documents' changes of the summary (by document and stock line → step), for their replays to find. */
  effects: z.record(z.string(), z.number().int()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ProductItem = z.infer<typeof productItemSchema>;
export type StockSummary = ProductItem['stock'];

const ALL = 'ALL';
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
});

export const insertProduct = (p: ProductItem, clash: FieldMessages) => productRecords.insert(p, clash);

export const replaceProduct = (next: ProductItem, previous: ProductItem) => productRecords.replace(next, previous);

export async function findProduct(id: string): Promise<ProductItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'PRODUCT' }, 1);
  return items[0] ? productRecords.parse(items[0]) : undefined;
}

export const productSource = (owner: string | 'all', desc: boolean): Source =>
  owner === 'all'
    ? { index: 'GSI2', pk: keys.products, desc }
    : { pk: keys.tenant(owner), skPrefix: keys.productPrefix, desc };

/** Products of an owner (or everyone), all or only the visible ones. */
export async function countProducts(owner: string | 'all', visibleOnly: boolean): Promise<number> {
  const scope = owner === 'all' ? ALL : keys.tenant(owner);
  const [visible, hidden] = await Promise.all([
    readCounter(keys.counter(scope, visibility(false))),
    visibleOnly ? 0 : readCounter(keys.counter(scope, visibility(true))),
  ]);
  return visible + hidden;
}
