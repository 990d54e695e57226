/** The product list and its export, answered from the list's plan, and the product as the API shows it. */

import { matchesAll, matchesCondition, NULL_LITERAL } from '@cellar/shared/filter/match';
import { type Condition, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { productRoutes } from '@cellar/shared/products/routes';
import { type Product, productWords } from '@cellar/shared/products/schemas';
import { findSubFamily } from '@cellar/shared/referential/data';
import type { Caller } from '../caller/principal';
import { listedOwner } from '../caller/visibility';
import { findContact } from '../contacts/repository';
import { mapBounded } from '../data/fan-out';
import type { PlannedList } from '../data/list';
import { companyRef, type References, references, warehouseRef } from '../data/reference';
import type { ListAnswer } from '../platform/http/lists';
import {
  countProducts,
  type ProductItem,
  productListScope,
  productRecords,
  productSource,
  productVisibility,
} from './repository';

type Refs = References;
const refs = references;

/** The sellable quantity of a product, within some warehouses and segments (null: any). */
export function sellable(p: ProductItem, warehouseIds: string[] | null, segments: string[] | null): number {
  let total = 0;
  for (const [key, qty] of Object.entries(p.stock?.sellable ?? {})) {
    const [warehouseId, segment] = key.split('|');
    if (warehouseIds && !warehouseIds.includes(String(warehouseId))) continue;
    if (segments && !segments.includes(segment === '-' ? NULL_LITERAL : String(segment))) continue;
    total += qty;
  }
  return total;
}

export function toProduct(
  p: ProductItem,
  r: Refs,
  supplier?: { id: string; code: string; name: string } | null,
): Product {
  const family = findSubFamily(p.familyId);
  return {
    id: p.id,
    code: p.code,
    label: p.label,
    ownerId: p.ownerId,
    owner: companyRef(r.companies.get(p.ownerId)),
    warehouseId: p.warehouseId,
    warehouse: p.warehouseId ? (warehouseRef(r.warehouses.get(p.warehouseId)) ?? null) : null,
    supplierId: p.supplierId,
    supplier: supplier ?? null,
    familyId: p.familyId,
    family: family
      ? { id: family.code, name: family.name, parent: { id: family.parent.code, name: family.parent.name } }
      : null,
    attributes: p.attributes,
    hasBatch: p.hasBatch,
    hasBbd: p.hasBbd,
    hasUbd: p.hasUbd,
    hidden: p.hidden,
    eanUnit: p.eanUnit,
    eanParcel: p.eanParcel,
    eanPallet: p.eanPallet,
    comment: p.comment,
    hasStock: (p.stock?.quantity ?? 0) > 0,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export async function suppliersOf(items: readonly { supplierId?: string | null }[]) {
  const ids = [...new Set(items.map((p) => p.supplierId).filter((id): id is string => Boolean(id)))];
  const found = await mapBounded(ids, findContact);
  return new Map(
    found
      .filter((c) => c !== undefined)
      .map((c) => [c.id, { id: c.id, code: c.code, name: c.address.company || c.address.name }]),
  );
}

const isExternal = (c: Condition) => c.field.startsWith('stocks.') || c.field === 'warehouse.uuid';

/** The order and reception grids' filters: sellable stock in given warehouses and segments. */
function sellablePredicate(conditions: readonly Condition[]): ((p: ProductItem) => boolean) | undefined {
  const wantsStock = conditions.some((c) => c.field === 'stocks.available' || c.field === 'stocks.quality');
  const warehouse = conditions.find((c) => c.field === 'warehouse.uuid');
  const segment = conditions.find((c) => c.field === 'stocks.segment');
  if (!wantsStock) {
    if (!warehouse && !segment) return undefined;
    return (p) => !warehouse || warehouse.values.includes(String(p.warehouseId));
  }
  return (p) => sellable(p, warehouse?.values ?? null, segment?.values ?? null) > 0;
}

/** The `q` and `hidden` parameters are the search and the hidden filter by other names. */
function paramConditions(q: ListQuery): Condition[] {
  const out: Condition[] = [];
  if (q.params.q) out.push({ field: 'search', op: 'eq', values: [q.params.q] });
  // true or false: the list refuses any other value (LIST_PARAM_VALUES).
  if (q.params.hidden !== undefined) out.push({ field: 'hidden', op: 'eq', values: [q.params.hidden] });
  return out;
}

/** A filter keeping the visible products only (`hidden` false), as the order and reception grids ask. */
const isVisibleOnly = (c: Condition) =>
  c.field === 'hidden' && matchesCondition({ hidden: false }, c) && !matchesCondition({ hidden: true }, c);

/**
 * The list's plan (PRODUCT_LIST.indexes): one owner's products, or every owner's for the superadmin. The stock
 * filters (sellable in some warehouses and segments) are answered from each product's stock summary. With one, every
 * row read is a whole product anyway: a filter keeping the visible ones, when they are the most, is checked on the
 * rows read in the key's order too, instead of reading them through the hidden column's index (its keys, then a
 * point read per row).
 */
async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Product>> {
  const owner = listedOwner(caller, q.filters) ?? 'all';
  const stock = sellablePredicate(q.filters);
  const asked = [
    ...q.filters.filter((c) => !isExternal(c) && !(c.field === 'owner.id' && owner !== 'all' && caller.isSuperadmin)),
    ...paramConditions(q),
  ];
  const mostlyVisible = async () => {
    const { visible, hidden } = await productVisibility(owner);
    return visible >= hidden;
  };
  const onRows = stock && asked.some(isVisibleOnly) && (await mostlyVisible()) ? asked.filter(isVisibleOnly) : [];
  const conditions = asked.filter((c) => !onRows.includes(c));
  const r = await refs();
  // The stored item behind each row, for the stock filters.
  const items = new WeakMap<Product, ProductItem>();
  return {
    spec: productRoutes.productList.list,
    keySource: productSource(owner),
    keySort: { field: 'code', desc: false },
    sortScope: owner === 'all' ? undefined : productListScope(owner),
    searchScope: productListScope(owner),
    conditions,
    sort: q.sort,
    map: (raw) => {
      const item = productRecords.parse(raw);
      const view = toProduct(item, r);
      items.set(view, item);
      return view;
    },
    id: (p) => p.id,
    words: productWords,
    visible: stock ? (p) => matchesAll(p, onRows) && stock(items.get(p) as ProductItem) : undefined,
    // The counters count every product: not those of a stock filter, which are counted on the rows read.
    total: stock ? undefined : () => countProducts(owner, false),
  };
}

/** The product list: its page (with each product's supplier) or its export. */
export async function productList(caller: Caller, query: ListQuery): Promise<ListAnswer<Product>> {
  const q = withExportRange(query, 'createdAt');
  return {
    plan: await plan(caller, q),
    filename: 'products.csv',
    present: async (rows) => {
      const suppliers = await suppliersOf(rows);
      return rows.map((p) => ({ ...p, supplier: suppliers.get(p.supplierId ?? '') ?? null }));
    },
  };
}
