/**
 * AG Grid's filter and sort models → the API's list query language. Pure, so that every mapping is tested:
 *   text   contains / startsWith / endsWith / equals / notEqual → contains / startsWith / endsWith / eq / ne
 *   number equals / notEqual / greaterThan(OrEqual) / lessThan(OrEqual) / inRange → eq / ne / gt / ge / lt / le / bt
 *   date   equals → bt over the day, greaterThan → gt end of day, lessThan → lt, inRange → bt with an inclusive end
 *   choice a list of values, NULL for 'none' → eq (any of them)
 */
import { type Condition, emptyQuery, type ListQuery, type Operator, type SortKey } from '@cellar/shared/filter/query';

export const NULL_CHOICE = 'NULL';

export const TEXT_FILTER_OPTIONS = ['contains', 'startsWith', 'endsWith', 'equals', 'notEqual'] as const;
export const NUMBER_FILTER_OPTIONS = [
  'equals',
  'notEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
  'inRange',
] as const;
export const DATE_FILTER_OPTIONS = ['equals', 'greaterThan', 'lessThan', 'inRange'] as const;

const TEXT_OPS: Record<string, Operator> = {
  contains: 'contains',
  startsWith: 'startsWith',
  endsWith: 'endsWith',
  equals: 'eq',
  notEqual: 'ne',
};
const NUMBER_OPS: Record<string, Operator> = {
  equals: 'eq',
  notEqual: 'ne',
  greaterThan: 'gt',
  greaterThanOrEqual: 'ge',
  lessThan: 'lt',
  lessThanOrEqual: 'le',
};

/** The column filter models this mapping understands (AG Grid's own, and the choice filter's). */
export type ColumnFilterModel =
  | { filterType: 'text'; type?: string | null; filter?: string | null }
  | { filterType: 'number'; type?: string | null; filter?: number | null; filterTo?: number | null }
  | { filterType: 'date'; type?: string | null; dateFrom?: string | null; dateTo?: string | null }
  | { filterType: 'choice'; values: string[] };

export interface SortModelItem {
  colId: string;
  sort: 'asc' | 'desc';
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
/** AG Grid gives 'YYYY-MM-DD' or 'YYYY-MM-DD hh:mm:ss'; filters work on whole days. */
const day = (v: string) => v.slice(0, 10);
/** The date filter's end is inclusive to the last instant of the day. */
const endOfDay = (v: string) => `${day(v)}T23:59:59.999`;

function dateCondition(field: string, type: string, from: string, to: string | null | undefined): Condition | null {
  switch (type) {
    case 'equals':
      return { field, op: 'bt', values: [day(from), endOfDay(from)] };
    case 'greaterThan':
      return { field, op: 'gt', values: [endOfDay(from)] };
    case 'lessThan':
      return { field, op: 'lt', values: [day(from)] };
    case 'inRange':
      return isBlank(to) ? null : { field, op: 'bt', values: [day(from), endOfDay(to as string)] };
    default:
      return null;
  }
}

/** One column's model → at most one condition (columns allow a single condition). */
export function conditionOf(field: string, model: ColumnFilterModel): Condition | null {
  switch (model.filterType) {
    case 'text': {
      const op = TEXT_OPS[model.type ?? ''];
      return op && !isBlank(model.filter) ? { field, op, values: [String(model.filter)] } : null;
    }
    case 'number': {
      if (isBlank(model.filter)) return null;
      if (model.type === 'inRange') {
        return isBlank(model.filterTo)
          ? null
          : { field, op: 'bt', values: [String(model.filter), String(model.filterTo)] };
      }
      const op = NUMBER_OPS[model.type ?? ''];
      return op ? { field, op, values: [String(model.filter)] } : null;
    }
    case 'date':
      return isBlank(model.dateFrom)
        ? null
        : dateCondition(field, model.type ?? '', model.dateFrom as string, model.dateTo);
    case 'choice':
      return model.values.length ? { field, op: 'eq', values: model.values } : null;
    default:
      return null;
  }
}

/** The grid's filter model (colId = API field) → conditions. */
export function conditionsOf(filterModel: Record<string, ColumnFilterModel> | null | undefined): Condition[] {
  return Object.entries(filterModel ?? {}).flatMap(([field, model]) => {
    const c = conditionOf(field, model);
    return c ? [c] : [];
  });
}

export const sortKeysOf = (sortModel: readonly SortModelItem[], fallback: readonly SortKey[]): SortKey[] =>
  sortModel.length ? sortModel.map((s) => ({ field: s.colId, desc: s.sort === 'desc' })) : [...fallback];

export interface GridQueryInput {
  fixedFilters: readonly Condition[];
  search: string;
  filterModel: Record<string, ColumnFilterModel> | null | undefined;
  sortModel: readonly SortModelItem[];
  defaultSort: readonly SortKey[];
  include: readonly string[];
}

/** Everything but the page: the list call and the CSV export share it. */
export function gridQuery(input: GridQueryInput): ListQuery {
  const search = input.search.trim();
  return {
    ...emptyQuery(),
    filters: [
      ...input.fixedFilters,
      ...(search ? [{ field: 'search', op: 'eq' as const, values: [search] }] : []),
      ...conditionsOf(input.filterModel),
    ],
    sort: sortKeysOf(input.sortModel, input.defaultSort),
    include: [...input.include],
  };
}

/** The infinite row model asks for rows [startRow, endRow); one block is one API page. */
export const pageOf = (query: ListQuery, startRow: number, pageSize: number): ListQuery => ({
  ...query,
  paginate: pageSize,
  page: Math.floor(startRow / pageSize) + 1,
});
