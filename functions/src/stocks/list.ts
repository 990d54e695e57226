/**
 * The stock list (spec 3 §2 stock list, §9), answered from its plan (STOCK_LIST.indexes): one owner's lines in
 * product order (the table key), or every owner's for the superadmin (LS14); a product narrows the key; the
 * order/reception view (available > 0 and quality not in BLO, NC, NCO) is the sparse SELLABLE index with its own
 * counter; lines named by id are read by id; the other sorts read their list-sort index.
 */
import { type Condition, type ListQuery, type SortKey, withExportRange } from '@cellar/shared/filter/query';
import { findSubFamily } from '@cellar/shared/referential/data';
import { STOCK_EVERY_OWNER_INDEX, STOCK_QUALITY_LIST, stockRoutes } from '@cellar/shared/stocks/routes';
import { availableQuantity, EXCLUDED_QUALITIES, type Stock, stockWords } from '@cellar/shared/stocks/schemas';
import type { Caller } from '../caller/principal';
import { listedOwner } from '../caller/visibility';
import { mapBounded } from '../data/fan-out';
import { keys } from '../data/keys';
import { answersExactly, type PlannedList } from '../data/list';
import { companyRef, type References, references, warehouseRef } from '../data/reference';
import type { Item, Source } from '../data/table';
import type { ListAnswer } from '../platform/http/lists';
import {
  countStocks,
  EVERY_OWNER_STOCK,
  findStock,
  type StockItem,
  stockListScope,
  stockQualityScope,
  stockRecords,
} from './repository';

/** The columns of the stock list with an index of their own (STOCK_LIST.indexes). */
const STOCK_LIST_INDEXES: Readonly<Record<string, unknown>> = stockRoutes.stockList.list.indexes;

export function toStock(s: StockItem, r: References): Stock {
  const family = findSubFamily(s.product.familyId);
  return {
    id: s.id,
    product: {
      id: s.productId,
      code: s.productCode,
      label: s.product.label,
      family: family ? { id: family.code, name: family.name } : null,
      attributes: s.product.attributes,
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
function sellableView(filters: readonly Condition[]): Condition[] | undefined {
  const available = filters.find((c) => c.field === 'available');
  const quality = filters.find((c) => c.field === 'quality');
  const sellable =
    available !== undefined &&
    ((available.op === 'gt' && Number(available.values[0]) === 0) ||
      (available.op === 'ge' && Number(available.values[0]) === 1)) &&
    quality?.op === 'notIn' &&
    EXCLUDED_QUALITIES.every((q) => quality.values.includes(q));
  return sellable ? [available, quality] : undefined;
}

/**
 * The quality filter of a list of one quality sorted by label, read in that quality's own partition
 * (STOCK_QUALITY_SORTS), which holds exactly its rows: when no other filter is on a column with a list-sort index of
 * its own, which that partition does not hold.
 */
function qualityInLabelOrder(conditions: readonly Condition[], sort: readonly SortKey[]): Condition | undefined {
  const quality = conditions.find((c) => c.field === 'quality');
  if (!quality || !answersExactly(quality) || sort[0]?.field !== 'product.label') return undefined;
  const indexed = conditions.some((c) => c !== quality && c.field !== 'search' && c.field in STOCK_LIST_INDEXES);
  return indexed ? undefined : quality;
}

/** Lines named by id (the order and reception screens read their selected lines so): at most this many. */
const MAX_NAMED = 100;

/** The stock list's own names for fields: `uuid` is the id, `warehouse.uuid` the warehouse's. */
const aliased = (c: Condition): Condition =>
  c.field === 'uuid' ? { ...c, field: 'id' } : c.field === 'warehouse.uuid' ? { ...c, field: 'warehouse.id' } : c;

async function plan(caller: Caller, query: ListQuery): Promise<PlannedList<Stock>> {
  const q = withExportRange(query, 'createdAt');
  const owner = listedOwner(caller, q.filters);
  const filters = q.filters.map(aliased);
  // The superadmin's one owner chose the partition; anyone else's partition is their own.
  const ownerFilter = caller.isSuperadmin && owner !== undefined;
  const conditions = filters.filter((c) => !(ownerFilter && c.field === 'owner.id'));
  const product = owner
    ? conditions.find((c) => c.field === 'product.code' && c.op === 'eq' && c.values.length === 1)
    : undefined;
  const sellable = owner ? sellableView(conditions) : undefined;
  const named = conditions.find((c) => c.field === 'id' && c.op === 'eq' && c.values.length <= MAX_NAMED);
  const byQuality = owner && !product && !sellable && !named ? qualityInLabelOrder(conditions, q.sort) : undefined;
  const quality = byQuality?.values[0];
  const prefix = product ? `${product.values[0]}#` : undefined;
  const keySource: Omit<Source, 'desc'> = !owner
    ? { index: STOCK_EVERY_OWNER_INDEX, pk: EVERY_OWNER_STOCK }
    : sellable
      ? { index: 'GSI2', pk: keys.sellableStocks(owner), skPrefix: prefix }
      : { pk: keys.tenant(owner), skPrefix: keys.stockPrefix(product?.values[0]) };
  const keyConditions = [...(sellable ?? []), ...(product ? [product] : [])];
  const unfiltered = conditions.every((c) => keyConditions.includes(c)) && !product;
  const r = await references();
  return {
    spec: quality ? STOCK_QUALITY_LIST : stockRoutes.stockList.list,
    keySource,
    keySort: { field: 'product.code', desc: false },
    sortScope: owner ? (quality ? stockQualityScope(owner, quality) : stockListScope(owner)) : undefined,
    sortScopeAnswers: byQuality,
    searchScope: owner ? stockListScope(owner) : undefined,
    conditions,
    keyConditions,
    sort: q.sort,
    map: (item) => toStock(stockRecords.parse(item), r),
    id: (s) => s.id,
    words: stockWords,
    total: owner && unfiltered ? () => countStocks(owner, Boolean(sellable)) : undefined,
    direct: named ? () => linesById(named.values, owner) : undefined,
  };
}

/** Lines by id, through the id index: the owner's only (every owner's for the superadmin naming none). */
async function linesById(ids: readonly string[], owner: string | undefined): Promise<Item[]> {
  const found = await mapBounded([...new Set(ids)], findStock);
  return found
    .filter((s): s is StockItem => s !== undefined && (owner === undefined || s.ownerId === owner))
    .map((s) => stockRecords.item(s));
}

/** The stock list: its page or its export. */
export async function stockList(caller: Caller, q: ListQuery): Promise<ListAnswer<Stock>> {
  return { plan: await plan(caller, q), filename: 'stocks.csv' };
}
