/**
 * The stock movement list (spec 3 §2), newest first by default. Reads by access path, each with a Limit:
 * by date (the owner's partition), by product code (GSI1), a date range as a sort-key range; totals from
 * counters (all, per product, per day). Other filters read the selected key range and filter in memory.
 */
import { type CsvColumn, toCsv } from '@cellar/shared/csv/write';
import { comparator, fold, inclusiveEnd, matchesAll } from '@cellar/shared/filter/match';
import { type Condition, DEFAULT_PAGE_SIZE, type ListQuery, QueryError } from '@cellar/shared/filter/query';
import type { StockMovement } from '@cellar/shared/schemas/catalogue';
import { keys } from '../data/keys';
import { type CompanyItem, companies, companyRef } from '../data/reference';
import { listAll, listPage, readCounter, type Source, sumCounters } from '../data/table';
import { csvResponse } from '../platform/csv';
import type { Caller } from '../platform/principal';
import { counterScope, fromItem, type MovementItem } from './repository';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Above every id that can follow a date in a sort key. */
const AFTER = '\uffff';

const toMovement = (m: MovementItem, cs: Map<string, CompanyItem>): StockMovement => {
  const { ownerId, ...rest } = m;
  return { ...rest, owner: companyRef(cs.get(ownerId)) };
};

/** Date bounds from filter[date] (bt, ge, gt, le, lt, eq) and the export dialog's start_date/end_date. */
function dateBounds(q: ListQuery): { lo?: string; hi?: string; consumed: Condition[] } {
  let lo = q.params.start_date;
  let hi = q.params.end_date;
  const consumed: Condition[] = [];
  for (const c of q.filters.filter((f) => f.field === 'date')) {
    const [a = '', b = ''] = c.values;
    if (c.op === 'bt') [lo, hi] = [a, b];
    else if (c.op === 'ge' || c.op === 'gt') lo = a;
    else if (c.op === 'le' || c.op === 'lt') hi = a;
    else if (c.op === 'eq' && DATE_ONLY.test(a)) [lo, hi] = [a, a];
    else continue;
    consumed.push(c);
  }
  return { lo, hi, consumed };
}

/** The sort-key range of a date range: from the start of `lo` to the inclusive end of `hi`. */
const keyRange = (lo?: string, hi?: string): readonly [string, string] | undefined =>
  lo || hi ? [lo ?? '', `${hi ? inclusiveEnd(hi) : '9999'}${AFTER}`] : undefined;

function plan(caller: Caller, q: ListQuery, cs: Map<string, CompanyItem>) {
  const ownerFilter = q.filters.find((c) => c.field === 'owner.id' && c.op === 'eq' && c.values.length === 1)
    ?.values[0];
  const owner = caller.isSuperadmin ? (ownerFilter ?? 'ALL') : caller.tenantId;
  const productCode = q.filters.find((c) => c.field === 'stock.product.code' && c.op === 'eq' && c.values.length === 1)
    ?.values[0];
  const { lo, hi, consumed } = dateBounds(q);
  const sort = q.sort.length ? q.sort : [{ field: 'date', desc: true }];
  const keyOrder = sort.length === 1 && sort[0]?.field === 'date';
  const desc = keyOrder ? Boolean(sort[0]?.desc) : true;
  const rest = q.filters.filter(
    (c) =>
      !consumed.includes(c) &&
      !(c.field === 'owner.id' && caller.isSuperadmin) &&
      !(productCode !== undefined && c.field === 'stock.product.code' && c.op === 'eq'),
  );
  const productOnOwnerless = productCode !== undefined && owner === 'ALL';
  const plain = productOnOwnerless
    ? [...rest, { field: 'stock.product.code', op: 'eq' as const, values: [productCode] }]
    : rest;
  const search = plain.filter((c) => c.field === 'search').map((c) => fold(c.values.join(',')));
  const conditions = plain.filter((c) => c.field !== 'search');
  const range = keyRange(lo, hi);
  const source: Source =
    productCode && owner !== 'ALL'
      ? { index: 'GSI1', pk: keys.productMovements(owner, productCode), skBetween: range, desc }
      : owner === 'ALL'
        ? { index: 'GSI2', pk: 'MOVES', skBetween: range, desc }
        : { pk: keys.movements(owner), skBetween: range, desc };
  const filtered = conditions.length > 0 || search.length > 0;
  const wholeDays = (!lo || DATE_ONLY.test(lo)) && (!hi || DATE_ONLY.test(hi));
  const scope = counterScope(owner);
  let total: (() => Promise<number>) | undefined;
  if (!filtered && !(productCode && range) && wholeDays) {
    total = range
      ? () => sumCounters(keys.counter(scope, '').PK, [`D#${lo ?? '0000'}`, `D#${hi ?? '9999'}`])
      : () => readCounter(keys.counter(scope, productCode && owner !== 'ALL' ? `P#${productCode}` : 'all'));
  }
  return {
    source,
    map: (item: Record<string, unknown>) => toMovement(fromItem(item), cs),
    predicate: filtered
      ? (m: StockMovement) =>
          search.every((s) =>
            fold(`${m.stock.product.code} ${m.stock.product.label} ${m.reason} ${m.note}`).includes(s),
          ) && matchesAll(m, conditions)
      : undefined,
    compare: keyOrder ? undefined : comparator<StockMovement>(sort),
    total,
  };
}

export async function listMovements(caller: Caller, q: ListQuery) {
  const p = plan(caller, q, await companies.get());
  return listPage({ ...p, page: q.page ?? 1, perPage: q.paginate ?? DEFAULT_PAGE_SIZE });
}

const MOVEMENT_CSV_COLUMNS = [
  'date',
  'reasonCode',
  'reason',
  'order.reference',
  'order.recipient.displayName',
  'reception.reference',
  'reception.supplier.code',
  'stock.product.code',
  'stock.product.label',
  'quantity',
  'note',
  'direction',
  'segment',
  'warehouse.code',
  'stock.batch',
  'stock.ubd',
  'stock.bbd',
  'stock.quality',
  'owner.code',
];

export async function exportMovements(caller: Caller, q: ListQuery) {
  // The warehouse is exported as its code.
  const requested = (q.params.columns ?? MOVEMENT_CSV_COLUMNS.join(','))
    .split(',')
    .filter(Boolean)
    .map((c) => (c === 'warehouse.name' ? 'warehouse.code' : c));
  const unknown = requested.filter((c) => !MOVEMENT_CSV_COLUMNS.includes(c));
  if (unknown.length) throw new QueryError({ columns: [`Unknown columns: ${unknown.join(', ')}.`] });
  const { total: _total, ...p } = plan(caller, q, await companies.get());
  const rows = await listAll(p);
  const columns: CsvColumn[] = requested.map((field) => ({ field, header: field }));
  return csvResponse('stock-movements.csv', toCsv(rows, columns));
}
