/**
 * Products (see data/ACCESS-PATTERNS.md):
 *   item        PK T#<owner>       SK PRODUCT#<code>       natural key: codes are unique per owner
 *   by id       GSI1PK ID#<id>     GSI1SK PRODUCT
 *   all owners  GSI2PK PRODUCTS    GSI2SK <code>#<owner>   the superadmin's list
 *   totals      PK COUNT#T#<owner> or COUNT#ALL, SK PRODUCT#visible / PRODUCT#hidden
 * Each product carries a summary of its stock (quantity, and sellable quantity per warehouse and segment),
 * kept by the stock writes, from which hasStock and the order/reception grids' filters are answered.
 */
import { keys } from '../data/keys';
import { addToCounter, type Item, putNew, putVersioned, queryPage, readCounter, type Source } from '../data/table';

export interface StockSummary {
  quantity: number;
  /** `<warehouseId>|<segment or ->` → sellable quantity (available, in a sellable quality). */
  sellable: Record<string, number>;
}

export interface ProductItem {
  id: string;
  code: string;
  label: string;
  ownerId: string;
  warehouseId: string | null;
  supplierId: string | null;
  familyId: string;
  attributes: Record<string, string | number | boolean | null>;
  hasBatch: boolean;
  hasBbd: boolean;
  hasUbd: boolean;
  hidden: boolean;
  eanUnit: string;
  eanParcel: string;
  eanPallet: string;
  comment: string;
  stock: StockSummary;
  createdAt: string;
  updatedAt: string;
  version: number;
}

const ALL = 'ALL';
const visibility = (hidden: boolean) => (hidden ? 'PRODUCT#hidden' : 'PRODUCT#visible');

export function productItem(p: ProductItem) {
  return {
    ...keys.product(p.ownerId, p.code),
    GSI1PK: keys.byId(p.id),
    GSI1SK: 'PRODUCT',
    GSI2PK: keys.products,
    GSI2SK: `${p.code}#${p.ownerId}`,
    entity: 'product',
    ...p,
  };
}

export function fromItem(item: Item): ProductItem {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest as unknown as ProductItem;
}

async function count(p: Pick<ProductItem, 'ownerId' | 'hidden'>, delta: number) {
  await Promise.all([
    addToCounter(keys.counter(keys.tenant(p.ownerId), visibility(p.hidden)), delta),
    addToCounter(keys.counter(ALL, visibility(p.hidden)), delta),
  ]);
}

export async function insertProduct(p: ProductItem, clash: Record<string, string[]>): Promise<void> {
  await putNew(productItem(p), clash);
  await count(p, 1);
}

export async function replaceProduct(next: ProductItem, previous: ProductItem): Promise<ProductItem> {
  const saved = fromItem(await putVersioned(productItem(next), previous.version));
  if (next.hidden !== previous.hidden) await Promise.all([count(previous, -1), count(next, 1)]);
  return saved;
}

export async function findProduct(id: string): Promise<ProductItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'PRODUCT' }, 1);
  return items[0] ? fromItem(items[0]) : undefined;
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
