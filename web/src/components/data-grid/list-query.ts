/**
 * AG Grid's filter and sort models → the API's list query language. Pure, so that every mapping is tested:
 *   text   contains / startsWith / endsWith / equals / notEqual → contains / startsWith / endsWith / eq / ne
 *   number equals / notEqual / greaterThan(OrEqual) / lessThan(OrEqual) / inRange → eq / ne / gt / ge / lt / le / bt
 *   date   equals → bt over the day, greaterThan → gt end of day, lessThan → lt, inRange → bt (days: the API's
 *          date-only upper bound includes its whole day, and lets the movements list count from its daily counters)
 *   choice a list of values, NULL for 'none' → eq (any of them)
 * and back (filterModelOf): a grid_filters route parameter becomes the columns' initial filters.
 */
import { dayIn } from '@cellar/shared/common/dates';
import {
  type Condition,
  emptyQuery,
  type ListQuery,
  type Operator,
  parseListQuery,
  type SortKey,
  serializeListQuery,
} from '@cellar/shared/filter/query';

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
/** An instant with its zone, as a link's bounds are: '2025-12-31T23:00:00.000Z' is 2026's first instant in Paris. */
const INSTANT = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
/**
 * AG Grid gives 'YYYY-MM-DD' or 'YYYY-MM-DD hh:mm:ss'; filters work on whole days. An instant counts on the day it
 * falls on in the warehouses' time zone, as the lists count days: its first ten characters may name the day before.
 */
const day = (v: string) => (INSTANT.test(v) ? dayIn(v) : v.slice(0, 10));
/** 'After a day' starts past its last instant. */
const endOfDay = (v: string) => `${day(v)}T23:59:59.999`;

function dateCondition(field: string, type: string, from: string, to: string | null | undefined): Condition | null {
  switch (type) {
    case 'equals':
      return { field, op: 'bt', values: [day(from), day(from)] };
    case 'greaterThan':
      return { field, op: 'gt', values: [endOfDay(from)] };
    case 'lessThan':
      return { field, op: 'lt', values: [day(from)] };
    case 'inRange':
      return isBlank(to) ? null : { field, op: 'bt', values: [day(from), day(to as string)] };
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

/**
 * The grid's filter model → conditions. A column filters on its own field unless `fieldOf` names another one (a
 * warehouse column shows names and filters on ids).
 */
export function conditionsOf(
  filterModel: Record<string, ColumnFilterModel> | null | undefined,
  fieldOf: (colId: string) => string = (colId) => colId,
): Condition[] {
  return Object.entries(filterModel ?? {}).flatMap(([colId, model]) => {
    const c = conditionOf(fieldOf(colId), model);
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
  /** colId → the field its filter applies to, when they differ. */
  filterFields?: Readonly<Record<string, string>>;
}

/** Everything but the page: the list call and the CSV export share it. */
export function gridQuery(input: GridQueryInput): ListQuery {
  const search = input.search.trim();
  return {
    ...emptyQuery(),
    filters: [
      ...input.fixedFilters,
      ...(search ? [{ field: 'search', op: 'eq' as const, values: [search] }] : []),
      ...conditionsOf(input.filterModel, (colId) => input.filterFields?.[colId] ?? colId),
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

/**
 * The cursors a list gave for its pages (`meta.cursor`): the block after a loaded one is asked with that block's
 * cursor, so scrolling on reads one page per block however far down. Keyed by the query without its page.
 */
export class PageCursors {
  private readonly ends = new Map<string, string>();

  private static keyOf(query: ListQuery, page: number) {
    return `${serializeListQuery({ ...query, page: undefined, cursor: undefined })}#${page}`;
  }

  /** The page's query, with the cursor of the page before when it is known. */
  withCursor(query: ListQuery): ListQuery {
    const cursor = this.ends.get(PageCursors.keyOf(query, (query.page ?? 1) - 1));
    return cursor ? { ...query, cursor } : query;
  }

  /** Remembers where a page ended. */
  remember(query: ListQuery, cursor: string | undefined) {
    if (cursor) this.ends.set(PageCursors.keyOf(query, query.page ?? 1), cursor);
  }
}

/** How a column filters: what its model looks like. */
export type FilterKind = 'text' | 'number' | 'date' | 'dateRange' | 'choice';

export interface FilterableColumn {
  colId: string;
  /** The field its filter applies to. */
  field: string;
  kind: FilterKind | null;
}

const invert = (ops: Record<string, Operator>) =>
  Object.fromEntries(Object.entries(ops).map(([type, op]) => [op, type])) as Partial<Record<Operator, string>>;
const TEXT_TYPES = invert(TEXT_OPS);
const NUMBER_TYPES = invert(NUMBER_OPS);
const DAY = /^\d{4}-\d{2}-\d{2}/;
const isNumeric = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));
/** AG Grid's date models carry 'YYYY-MM-DD hh:mm:ss'. */
const gridDay = (v: string) => `${day(v)} 00:00:00`;

function dateModelOf(c: Condition, rangeOnly: boolean): ColumnFilterModel | null {
  if (!c.values.every((v) => DAY.test(v))) return null;
  const [from = '', to = ''] = c.values;
  if (c.op === 'bt') return { filterType: 'date', type: 'inRange', dateFrom: gridDay(from), dateTo: gridDay(to) };
  if (rangeOnly || c.values.length !== 1) return null;
  if (c.op === 'gt') return { filterType: 'date', type: 'greaterThan', dateFrom: gridDay(from) };
  if (c.op === 'lt') return { filterType: 'date', type: 'lessThan', dateFrom: gridDay(from) };
  return null;
}

/** One condition → the model a column of that kind shows, or null when the column cannot show it. */
export function modelOf(kind: FilterKind, c: Condition): ColumnFilterModel | null {
  const [first = ''] = c.values;
  switch (kind) {
    case 'choice':
      return c.op === 'eq' ? { filterType: 'choice', values: c.values } : null;
    case 'text': {
      const type = TEXT_TYPES[c.op];
      return type && c.values.length === 1 ? { filterType: 'text', type, filter: first } : null;
    }
    case 'number': {
      if (!c.values.every(isNumeric)) return null;
      if (c.op === 'bt') {
        return { filterType: 'number', type: 'inRange', filter: Number(first), filterTo: Number(c.values[1]) };
      }
      const type = NUMBER_TYPES[c.op];
      return type && c.values.length === 1 ? { filterType: 'number', type, filter: Number(first) } : null;
    }
    case 'date':
      return dateModelOf(c, false);
    case 'dateRange':
      return dateModelOf(c, true);
  }
}

/**
 * Conditions → the columns' initial filter models (one per column), and the conditions no column can show
 * (`rest`), which the grid applies as they are.
 */
export function filterModelOf(
  conditions: readonly Condition[],
  columns: readonly FilterableColumn[],
): { model: Record<string, ColumnFilterModel>; rest: Condition[] } {
  const model: Record<string, ColumnFilterModel> = {};
  const rest: Condition[] = [];
  for (const c of conditions) {
    const column = columns.find((col) => col.field === c.field && col.kind && !model[col.colId]);
    const m = column?.kind ? modelOf(column.kind, c) : null;
    if (column && m) model[column.colId] = m;
    else rest.push(c);
  }
  return { model, rest };
}

/** The grid_filters route parameter (a serialized filter query, e.g. 'filter[hidden]=false') → its conditions. */
export function parseGridFilters(raw: string | null): Condition[] {
  if (!raw) return [];
  try {
    return parseListQuery(raw).filters;
  } catch {
    // A hand-made or outdated link: the list opens unfiltered rather than failing.
    return [];
  }
}
