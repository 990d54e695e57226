/** The stock movement list and its export, answered from the list's plan. */
import { type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { stockMovementRoutes } from '@cellar/shared/stockMovements/routes';
import { movementWords, type StockMovement } from '@cellar/shared/stockMovements/schemas';
import type { Caller } from '../caller/principal';
import { listedOwner } from '../caller/visibility';
import { keys } from '../data/keys';
import { keyDateRange, type PlannedList } from '../data/list';
import { type CompanyItem, companies, companyRef } from '../data/reference';
import { readCounter, type Source, sumCounters } from '../data/table';
import type { ListAnswer } from '../platform/http/lists';
import { counterScope, type MovementItem, movementListScope, movementRecords } from './repository';

const toMovement = (m: MovementItem, cs: Map<string, CompanyItem>): StockMovement => {
  const { ownerId, ...rest } = m;
  return { ...rest, owner: companyRef(cs.get(ownerId)) };
};

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
  const { range, wholeDays, days, consumed } = keyDateRange(q.filters, 'date');
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
    spec: stockMovementRoutes.stockMovementList.list,
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

/** The movement list: its page or its export. */
export async function movementList(caller: Caller, q: ListQuery): Promise<ListAnswer<StockMovement>> {
  return { plan: plan(caller, q, await companies.get()), filename: 'stock-movements.csv' };
}
