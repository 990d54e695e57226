import { stockRoutes } from '@cellar/shared/stocks/routes';
/**
 * The stock list (spec 3 §2 stock list, §9): one owner's lines in product order. Reads by access path:
 * - the order/reception view (available > 0 and quality not in BLO, NC, NCO) reads the sparse SELLABLE index,
 *   its total from a counter: the first page costs the same whatever the partition holds;
 * - one product's lines read that product's key range; lines by id read the id index;
 * - anything else reads the owner's lines once, joined to its products, filtered and sorted in memory.
 */

import { pageMeta } from '@cellar/shared/common/schemas';
import { comparator, fold, matchesAll } from '@cellar/shared/filter/match';
import { type Condition, DEFAULT_PAGE_SIZE, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { findSubFamily } from '@cellar/shared/referential/data';
import { availableQuantity, DEFAULT_QUALITIES, EXCLUDED_QUALITIES, type Stock } from '@cellar/shared/stocks/schemas';
import type { Caller } from '../auth/principal';
import { listedOwners } from '../auth/visibility';
import { keys } from '../data/keys';
import { companies, companyRef, type References, references, warehouseRef } from '../data/reference';
import { batchGet, listAll, listPage, queryAll, type Source } from '../data/table';
import { csvExport, exportColumns } from '../platform/csv';
import { type ProductItem, productRecords } from '../products/repository';
import { countStocks, type StockItem, stockRecords } from './repository';

type Products = Map<string, ProductItem>;
type Refs = References;

export function toStock(s: StockItem, product: ProductItem | undefined, r: Refs): Stock {
  const family = product ? findSubFamily(product.familyId) : undefined;
  return {
    id: s.id,
    product: {
      id: s.productId,
      code: s.productCode,
      label: product?.label ?? '',
      family: family ? { id: family.code, name: family.name } : null,
      attributes: product?.attributes ?? {},
    },
    owner: companyRef(r.companies.get(s.ownerId)),
    warehouse: warehouseRef(r.warehouses.get(s.warehouseId)),
    segment: s.segment,
    quality: s.quality,
    batch: s.batch,
    ubd: s.ubd,
    bbd: s.bbd,
    quantity: s.quantity,
    available: availableQuantity(s),
    quantity_allocated: s.quantity_allocated,
    quantity_receive_in_progress: s.quantity_receive_in_progress,
    quantity_on_arriving: s.quantity_on_arriving,
    storedAt: s.storedAt,
    createdAt: s.createdAt,
  };
}

/** filter[available][gt]=0 with filter[quality][notIn] covering BLO, NC, NCO: the sellable view. */
function isSellableView(filters: Condition[]) {
  const available = filters.find((c) => c.field === 'available');
  const quality = filters.find((c) => c.field === 'quality');
  return (
    available !== undefined &&
    ((available.op === 'gt' && Number(available.values[0]) === 0) ||
      (available.op === 'ge' && Number(available.values[0]) === 1)) &&
    quality?.op === 'notIn' &&
    EXCLUDED_QUALITIES.every((q) => quality.values.includes(q))
  );
}

async function productsOf(ownerId: string): Promise<Products> {
  const map: Products = new Map();
  for await (const item of queryAll({ pk: keys.tenant(ownerId), skPrefix: keys.productPrefix })) {
    const p = productRecords.parse(item);
    map.set(p.code, p);
  }
  return map;
}

async function productsFor(lines: StockItem[]): Promise<Products> {
  const wanted = [...new Map(lines.map((s) => [`${s.ownerId}|${s.productCode}`, s])).values()];
  const items = await batchGet(wanted.map((s) => keys.product(s.ownerId, s.productCode)));
  return new Map(items.map((i) => productRecords.parse(i)).map((p) => [p.code, p]));
}

interface Plan {
  source: Source;
  /** Fields used: the lines must be joined to their products before filtering or sorting. */
  needsProducts: boolean;
  predicate?: (s: Stock) => boolean;
  compare?: (a: Stock, b: Stock) => number;
  total?: () => Promise<number>;
  ownerId: string;
}

function plan(ownerId: string, q: ListQuery): Plan {
  const sort = q.sort.length ? q.sort : [{ field: 'product.code', desc: false }];
  const keyOrder = sort.length === 1 && sort[0]?.field === 'product.code';
  const desc = keyOrder && Boolean(sort[0]?.desc);
  const sellableView = isSellableView(q.filters);
  const productCode = q.filters.find((c) => c.field === 'product.code' && c.op === 'eq' && c.values.length === 1)
    ?.values[0];
  const consumed = new Set<Condition>(
    q.filters.filter(
      (c) =>
        c.field === 'owner.id' ||
        (sellableView && (c.field === 'available' || c.field === 'quality')) ||
        (productCode !== undefined && c.field === 'product.code' && c.op === 'eq'),
    ),
  );
  const idFilter = q.filters.find((c) => (c.field === 'uuid' || c.field === 'id') && c.op === 'eq');
  const search = q.filters.filter((c) => c.field === 'search').map((c) => fold(c.values.join(',')));
  const rest = q.filters
    .filter((c) => !consumed.has(c) && c.field !== 'search' && c.field !== 'uuid')
    .map((c) => (c.field === 'warehouse.uuid' ? { ...c, field: 'warehouse.id' } : c));
  const all = [...rest, ...(idFilter && idFilter.field === 'uuid' ? [{ ...idFilter, field: 'id' }] : [])];
  const source: Source = sellableView
    ? { index: 'GSI2', pk: keys.sellableStocks(ownerId), skPrefix: productCode ? `${productCode}#` : undefined, desc }
    : { pk: keys.tenant(ownerId), skPrefix: keys.stockPrefix(productCode), desc };
  const filtered = all.length > 0 || search.length > 0;
  const fields = [...all.map((c) => c.field), ...sort.map((s) => s.field)];
  return {
    ownerId,
    source,
    needsProducts:
      search.length > 0 || fields.some((f) => f.startsWith('product.') && f !== 'product.code' && f !== 'product.id'),
    predicate: filtered
      ? (s) =>
          search.every((t) => fold(`${s.product.code} ${s.product.label} ${s.batch ?? ''}`).includes(t)) &&
          matchesAll(s, all)
      : undefined,
    compare: keyOrder ? undefined : comparator<Stock>(sort),
    total: filtered || productCode ? undefined : () => countStocks(ownerId, sellableView),
  };
}

const refs = references;

/** The owners whose lines a caller reads: its own, or the superadmin's choice (every owner when none). */
async function owners(caller: Caller, q: ListQuery): Promise<string[]> {
  return listedOwners(caller, q.filters) ?? [...(await companies.get()).keys()];
}

type Row = { line: StockItem; view: Stock };

/** Lines mapped to their view, joined to their products when the plan filters or sorts on them. */
function rowMapper(products: Products, r: Refs) {
  return (item: Record<string, unknown>): Row => {
    const line = stockRecords.parse(item);
    return { line, view: toStock(line, products.get(line.productCode), r) };
  };
}

export async function listStocks(caller: Caller, q: ListQuery) {
  const r = await refs();
  const page = q.page ?? 1;
  const perPage = q.paginate ?? DEFAULT_PAGE_SIZE;
  const ownerIds = await owners(caller, q);
  if (ownerIds.length !== 1) {
    // The superadmin across owners: every owner's selection, merged in memory.
    const rows = await allStocks(ownerIds, q, r);
    const data = rows.slice((page - 1) * perPage, page * perPage);
    return { data, meta: pageMeta(rows.length, page, perPage, data.length) };
  }
  const p = plan(ownerIds[0] as string, q);
  const products = p.needsProducts ? await productsOf(p.ownerId) : new Map();
  const { predicate, compare } = p;
  const result = await listPage({
    source: p.source,
    total: p.total,
    map: rowMapper(products, r),
    predicate: predicate && ((row: Row) => predicate(row.view)),
    compare: compare && ((a: Row, b: Row) => compare(a.view, b.view)),
    page,
    perPage,
  });
  if (p.needsProducts) return { data: result.data.map((row) => row.view), meta: result.meta };
  const joined = await productsFor(result.data.map((row) => row.line));
  return { data: result.data.map((row) => toStock(row.line, joined.get(row.line.productCode), r)), meta: result.meta };
}

async function allStocks(ownerIds: string[], q: ListQuery, r: Refs): Promise<Stock[]> {
  const rows: Stock[] = [];
  for (const ownerId of ownerIds) {
    const p = plan(ownerId, q);
    const map = rowMapper(await productsOf(ownerId), r);
    const { predicate } = p;
    const selected = await listAll({
      source: p.source,
      map,
      predicate: predicate && ((row: Row) => predicate(row.view)),
    });
    rows.push(...selected.map((row) => row.view));
  }
  return rows.sort(comparator<Stock>(q.sort.length ? q.sort : [{ field: 'product.code', desc: false }]));
}

export async function exportStocks(caller: Caller, query: ListQuery) {
  const q = withExportRange(query, 'createdAt');
  const columns = exportColumns(q, stockRoutes.stockList.list);
  const rows = await allStocks(await owners(caller, q), q, await refs());
  return csvExport('stocks.csv', rows, columns);
}

/** The qualities stock lines use (the spec's built-in list, then any other found). */
export const stockQualities = () => DEFAULT_QUALITIES.map((code) => ({ code, label: code }));
