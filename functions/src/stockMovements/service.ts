import { inclusiveEnd } from '@cellar/shared/filter/match';
import { type Condition, DEFAULT_PAGE_SIZE, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { movementWords, type StockMovement } from '@cellar/shared/stockMovements/schemas';
import type { Caller } from '../auth/principal';
import { listedOwner } from '../auth/visibility';
import { keys } from '../data/keys';
import { type PlannedList, plannedPage, plannedRows } from '../data/list';
import { type CompanyItem, companies, companyRef } from '../data/reference';
import { readCounter, type Source, sumCounters } from '../data/table';
import { csvExport, exportColumns } from '../platform/csv';
import { counterScope, type MovementItem, movementListScope, movementRecords } from './repository';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Above every id that can follow a date in a sort key. */
const AFTER = '\uffff';

const toMovement = (m: MovementItem, cs: Map<string, CompanyItem>): StockMovement => {
  const { ownerId, ...rest } = m;
  return { ...rest, owner: companyRef(cs.get(ownerId)) };
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Bound {
  /** Sort-key bound (inclusive). */
  key: string;
  /** The same bound as a whole day, when it is one (for the daily counters). */
  day?: string;
}
const lowerBound = (value: string, strict: boolean): Bound =>
  DATE_ONLY.test(value)
    ? { key: strict ? addDays(value, 1) : value, day: strict ? addDays(value, 1) : value }
    : { key: strict ? `${value}${AFTER}` : value };
const upperBound = (value: string, strict: boolean): Bound =>
  DATE_ONLY.test(value)
    ? strict
      ? { key: value, day: addDays(value, -1) }
      : { key: `${inclusiveEnd(value)}${AFTER}`, day: value }
    : { key: strict ? value : `${value}${AFTER}` };

/**
 * The date range of a query: every filter[date] condition (bt, ge, gt, le, lt, eq; a date-only end is the whole
 * day), all applying together.
 */
function dateBounds(q: ListQuery) {
  const lower: Bound[] = [];
  const upper: Bound[] = [];
  const consumed: Condition[] = [];
  for (const c of q.filters.filter((f) => f.field === 'date')) {
    const [a = '', b = ''] = c.values;
    if (c.op === 'bt') {
      lower.push(lowerBound(a, false));
      upper.push(upperBound(b, false));
    } else if (c.op === 'ge' || c.op === 'gt') lower.push(lowerBound(a, c.op === 'gt'));
    else if (c.op === 'le' || c.op === 'lt') upper.push(upperBound(a, c.op === 'lt'));
    else if (c.op === 'eq' && DATE_ONLY.test(a)) {
      lower.push(lowerBound(a, false));
      upper.push(upperBound(a, false));
    } else continue;
    consumed.push(c);
  }
  const max = (xs: string[]) => xs.reduce((m, x) => (x > m ? x : m));
  const min = (xs: string[]) => xs.reduce((m, x) => (x < m ? x : m));
  const range: readonly [string, string] | undefined =
    lower.length || upper.length
      ? [lower.length ? max(lower.map((l) => l.key)) : '', upper.length ? min(upper.map((u) => u.key)) : `9999${AFTER}`]
      : undefined;
  const wholeDays = [...lower, ...upper].every((x) => x.day !== undefined);
  const days: readonly [string, string] = [
    lower.length ? max(lower.map((l) => l.day ?? '')) : '0000',
    upper.length ? min(upper.map((u) => u.day ?? '')) : '9999',
  ];
  return { range, wholeDays, days, consumed };
}

/**
 * The list's plan (STOCK_MOVEMENT_LIST.indexes): the owner's movements by date (the table key), a date range and
 * one product narrowing that key; the other sorts from their list-sort index.
 */
function plan(caller: Caller, query: ListQuery, cs: Map<string, CompanyItem>): PlannedList<StockMovement> {
  // The export dialog's dates are one more date filter.
  const q = withExportRange(query, 'date');
  const owner = listedOwner(caller, q.filters) ?? 'ALL';
  const productFilter = q.filters.find(
    (c) => c.field === 'stock.product.code' && c.op === 'eq' && c.values.length === 1 && owner !== 'ALL',
  );
  const productCode = productFilter?.values[0];
  const { range, wholeDays, days, consumed } = dateBounds(q);
  const conditions = q.filters.filter((c) => !(c.field === 'owner.id' && caller.isSuperadmin));
  const keySource: Omit<Source, 'desc'> =
    productCode && owner !== 'ALL'
      ? { index: 'GSI1', pk: keys.productMovements(owner, productCode), skBetween: range }
      : owner === 'ALL'
        ? { index: 'GSI2', pk: keys.allMovements, skBetween: range }
        : { pk: keys.movements(owner), skBetween: range };
  const keyConditions = productFilter ? [...consumed, productFilter] : consumed;
  const scope = counterScope(owner);
  let total: (() => Promise<number>) | undefined;
  if (!(productCode && range) && wholeDays) {
    total = range
      ? () => sumCounters(keys.counter(scope, '').PK, [`D#${days[0]}`, `D#${days[1]}`])
      : () => readCounter(keys.counter(scope, productCode ? `P#${productCode}` : 'all'));
  }
  return {
    spec: routes.stockMovementList.list,
    keySource,
    keySort: { field: 'date', desc: true },
    sortScope: owner === 'ALL' ? undefined : movementListScope(owner),
    searchScope: owner === 'ALL' ? undefined : movementListScope(owner),
    conditions,
    keyConditions,
    sort: q.sort,
    map: (item) => toMovement(movementRecords.parse(item), cs),
    id: (m) => m.id,
    words: movementWords,
    total,
  };
}

export async function listMovements(caller: Caller, q: ListQuery) {
  const p = plan(caller, q, await companies.get());
  return plannedPage(p, q.page ?? 1, q.paginate ?? DEFAULT_PAGE_SIZE);
}

export async function exportMovements(caller: Caller, q: ListQuery) {
  const columns = exportColumns(q, routes.stockMovementList.list);
  return csvExport('stock-movements.csv', await plannedRows(plan(caller, q, await companies.get())), columns);
}
