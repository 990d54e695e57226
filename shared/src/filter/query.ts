/**
 * The list query language of the API (spec 1 §7, spec 3 §7):
 *   filter[field]=v            equality (a comma-joined list means any of them)
 *   filter[field][op]=v        one of OPERATORS
 *   include=a,b.c  sort=-createdAt,code  paginate=20  page=2
 * Values are lists joined by commas; a literal comma or backslash inside a value is escaped with a backslash,
 * so that any text survives serialize → parse unchanged. Anything else in the query string is kept in `params`.
 */
import { endOfDayIn, startOfDayIn } from '../common/dates';
import type { ColumnDefs } from '../csv/columns';
import { DATE_STYLES, type DateStyle } from '../csv/date-styles';
import { type Language, translate } from '../i18n/messages';

export const OPERATORS = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'bt',
  'startsWith',
  'endsWith',
  'contains',
  'and',
  'or',
  'not',
  'notIn',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  field: string;
  op: Operator;
  /** Never empty. A single value is a one-element list. */
  values: string[];
}
export interface SortKey {
  field: string;
  desc: boolean;
}
export interface ListQuery {
  filters: Condition[];
  sort: SortKey[];
  include: string[];
  paginate?: number;
  page?: number;
  /**
   * Where the previous page ended (its `meta.cursor`): the page after it is read from there instead of skipping
   * every row before it. Opaque to clients; a cursor that does not fit the request is ignored.
   */
  cursor?: string;
  params: Record<string, string>;
}

export const PAGE_SIZES = [20, 100, 1000, 5000] as const;
export const MAX_PAGE_SIZE = 5000;
export const DEFAULT_PAGE_SIZE = 20;
/** The furthest page a list is asked: 1,000,000 pages of 20 rows is more than any list holds. */
export const MAX_PAGE = 1_000_000;
/** A filter's value as sent (a list of values included): a search word, a code, a set of a grid's values. */
export const FILTER_VALUE_MAX = 2_000;

/** A 422 waiting to happen: field → messages. */
/** What is wrong with a parameter: a key of the shared catalogue and its values, worded by the API. */
export type QueryMessage = string | { key: string; values: Record<string, unknown> };
/** A message of the shared catalogue's `query` section, worded in the caller's language by the API's edge. */
export const says = (key: string, values: Record<string, unknown> = {}): QueryMessage => ({
  key: `query.${key}`,
  values,
});

/** The messages of each parameter, worded in a language (a message that is already text stays as it is). */
export const wordQueryMessages = (messages: Record<string, readonly QueryMessage[]>, lang: Language) =>
  Object.fromEntries(
    Object.entries(messages).map(([param, ms]) => [
      param,
      ms.map((m) => (typeof m === 'string' ? m : translate(lang, m.key, m.values))),
    ]),
  );

export class QueryError extends Error {
  /** The messages in English, for a log or a record no one reads in a language of their own. */
  readonly errors: Record<string, string[]>;
  constructor(readonly messages: Record<string, QueryMessage[]>) {
    super('The given data was invalid.');
    this.name = 'QueryError';
    this.errors = wordQueryMessages(messages, 'en');
  }
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const FILTER_KEY = /^filter\[([^[\]]*)\](?:\[([^[\]]*)\])?$/;
const isOperator = (s: string): s is Operator => (OPERATORS as readonly string[]).includes(s);

export const emptyQuery = (): ListQuery => ({ filters: [], sort: [], include: [], params: {} });

export function escapeValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/,/g, '\\,');
}

/** Splits on unescaped commas and removes the escapes. */
export function splitValues(raw: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\' && i + 1 < raw.length) {
      cur += raw[++i];
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out;
}

const LIST_ARITY: Partial<Record<Operator, number>> = { bt: 2 };

function parsePositiveInt(key: string, raw: string, errors: Record<string, QueryMessage[]>, max?: number) {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || (max !== undefined && n > max)) {
    errors[key] = [max ? says('whole_number_to', { param: key, max }) : says('whole_number', { param: key })];
    return undefined;
  }
  return Number(raw);
}

/**
 * Parses a query string (or its entries). Never throws anything but QueryError.
 * @example parseListQuery('filter[type]=recipient&sort=-code&page=2')
 */
export function parseListQuery(input: string | URLSearchParams | Iterable<[string, string]>): ListQuery {
  const entries = typeof input === 'string' ? new URLSearchParams(input) : input;
  const q = emptyQuery();
  const errors: Record<string, QueryMessage[]> = {};
  const seen = new Set<string>();
  for (const [key, raw] of entries) {
    if (seen.has(key)) {
      errors[key] = [says('repeated', { param: key })];
      continue;
    }
    seen.add(key);
    if (key.startsWith('filter')) {
      const m = FILTER_KEY.exec(key);
      const field = m?.[1] ?? '';
      const op = m?.[2] ?? 'eq';
      if (!m || !FIELD.test(field)) {
        errors[key] = [says('not_a_filter', { param: key })];
      } else if (!isOperator(op)) {
        errors[key] = [says('unknown_operator', { op })];
      } else if (raw.length > FILTER_VALUE_MAX) {
        errors[key] = [says('too_long', { param: key, max: FILTER_VALUE_MAX })];
      } else {
        const values = splitValues(raw);
        const arity = LIST_ARITY[op];
        if (arity && values.length !== arity) errors[key] = [says('arity', { op, arity })];
        else q.filters.push({ field, op, values });
      }
    } else if (key === 'sort') {
      for (const part of raw.split(',')) {
        const desc = part.startsWith('-');
        const field = desc ? part.slice(1) : part;
        if (!FIELD.test(field)) errors.sort = [says('not_a_sort', { param: part })];
        // One field sorts one way: code,-code says two things (the document's items are unique).
        else if (q.sort.some((s) => s.field === field)) errors.sort = [says('repeated', { param: field })];
        else q.sort.push({ field, desc });
      }
    } else if (key === 'include') {
      for (const part of raw.split(',')) {
        if (!FIELD.test(part)) errors.include = [says('not_an_include', { param: part })];
        else if (q.include.includes(part)) errors.include = [says('repeated', { param: part })];
        else q.include.push(part);
      }
    } else if (key === 'paginate') {
      q.paginate = parsePositiveInt(key, raw, errors, MAX_PAGE_SIZE);
    } else if (key === 'page') {
      q.page = parsePositiveInt(key, raw, errors, MAX_PAGE);
    } else if (key === 'cursor') {
      if (/^[A-Za-z0-9_-]{1,2000}$/.test(raw)) q.cursor = raw;
      else errors.cursor = [says('cursor')];
    } else {
      setOwn(q.params, key, raw);
    }
  }
  if (Object.keys(errors).length) throw new QueryError(errors);
  return q;
}

/**
 * Refuses a query that gives a parameter more than once, whatever the route: which of its values counts would be a
 * guess (a list's query says so as it is parsed; a plain query object would keep the last one silently).
 */
export function refuseRepeated(entries: Iterable<[string, string]>): void {
  const seen = new Set<string>();
  const errors: Record<string, QueryMessage[]> = {};
  for (const [key] of entries) {
    if (seen.has(key)) setOwn(errors, key, [says('repeated', { param: key })]);
    seen.add(key);
  }
  if (Object.keys(errors).length) throw new QueryError(errors);
}

/** The canonical query string of a ListQuery (URL-encoded). */
export function serializeListQuery(q: ListQuery): string {
  const sp = new URLSearchParams();
  for (const c of q.filters) {
    sp.append(
      c.op === 'eq' ? `filter[${c.field}]` : `filter[${c.field}][${c.op}]`,
      c.values.map(escapeValue).join(','),
    );
  }
  if (q.sort.length) sp.append('sort', q.sort.map((s) => (s.desc ? '-' : '') + s.field).join(','));
  if (q.include.length) sp.append('include', q.include.join(','));
  if (q.paginate !== undefined) sp.append('paginate', String(q.paginate));
  if (q.page !== undefined) sp.append('page', String(q.page));
  if (q.cursor !== undefined) sp.append('cursor', q.cursor);
  for (const [k, v] of Object.entries(q.params)) sp.append(k, v);
  return sp.toString();
}

/**
 * The table's overloaded list-sort indexes: each entity puts one sortable column of its lists in each. Fifteen, so
 * that a grid's sortable columns fit (the stock list has the most, and one quality's lines in label order); with
 * GSI1 and GSI2 that is 17 of the 20 indexes DynamoDB allows a table.
 */
export const LIST_SORT_INDEXES = [
  'LS1',
  'LS2',
  'LS3',
  'LS4',
  'LS5',
  'LS6',
  'LS7',
  'LS8',
  'LS9',
  'LS10',
  'LS11',
  'LS12',
  'LS13',
  'LS14',
  'LS15',
] as const;
export type ListSortIndex = (typeof LIST_SORT_INDEXES)[number];

/**
 * How a list finds its rows for one field: in its table key's order, through one of the list-sort indexes, or
 * through the search words. A numeric or boolean field says so, so that its index orders and bounds it as such.
 */
export type ListIndexName = 'key' | 'search' | ListSortIndex;
/** A column's type when its index must order and bound it as more than text. */
export type ListIndexType = 'number' | 'boolean';
export type ListIndex = ListIndexName | { index: ListIndexName; type: ListIndexType };
/** The index a list's field is served by. */
export const indexName = (i: ListIndex) => (typeof i === 'string' ? i : i.index);

/** What a list route accepts; anything else is a 422. */
export interface ListSpec {
  filters: readonly string[];
  sorts: readonly string[];
  /**
   * The list's plan: which index serves each sort and filter. A list with a plan never reads a whole partition:
   * every sort must be served by an index, a filter on an indexed field reads that index's range, a search reads
   * the search words, and the other filters are checked on the rows those reads return (a bounded number).
   */
  indexes?: Readonly<Record<string, ListIndex>>;
  /**
   * The field each list-sort key orders by after its own value: the list's default order (its key's field). Rows
   * of one value of an indexed column then lie in that order, so a filter of one value on any of them is read a
   * page at a time in the default order, however far apart its rows are in the key.
   */
  tieBreak?: string;
  /**
   * The search words are also kept in the tie-break's order (`data/list.ts`, `searchPrefixes`), so that a common word
   * is read a page at a time in the default order: a list searched by words many rows share (a catalogue's labels,
   * first names), whose rows are written rarely (each keeps a few dozen more entries).
   */
  searchInOrder?: boolean;
  /**
   * Its list-sort indexes hold one owner's rows each: a list of every owner's rows (the superadmin naming no owner
   * with filter[owner.id]) is sorted by its key's field alone (`sortsFor`); the API refuses the others, and the
   * grid does not offer them.
   */
  sortsByOwner?: true;
  includes: readonly string[];
  params?: readonly string[];
  /** What a CSV export may write (output=csv&columns=…). */
  columns?: readonly string[];
  /**
   * Names a client may ask an export for that stand for other columns (the grid's column → what is written), on
   * top of the one every export has: the warehouse's name is written as its code (spec 3 §7).
   */
  columnAliases?: Readonly<Record<string, readonly string[]>>;
  /**
   * How an export titles and writes each of `columns` (a column without one is titled by its field), loaded with
   * the first export.
   */
  columnDefs?: () => Promise<ColumnDefs>;
}

/** The one owner a list's filters name (`owner.id eq` one value): the superadmin's list of that owner's rows. */
export const namedOwner = (filters: readonly Condition[], field = 'owner.id'): string | undefined =>
  filters.find((c) => c.field === field && c.op === 'eq' && c.values.length === 1)?.values[0];

/** The fields a list sorts by, for a caller reading one owner's rows or every owner's (see `sortsByOwner`). */
export const sortsFor = (spec: ListSpec, everyOwner: boolean): readonly string[] =>
  everyOwner && spec.sortsByOwner
    ? spec.sorts.filter((field) => {
        const index = spec.indexes?.[field];
        return index !== undefined && indexName(index) === 'key';
      })
    : spec.sorts;

/** Every export writes warehouses as their codes (spec 3 §7). */
const WAREHOUSE_AS_CODE: Readonly<Record<string, readonly string[]>> = { 'warehouse.name': ['warehouse.code'] };

/**
 * The fields an export writes: the requested columns (`columns=…`), or all the list allows, each alias replaced
 * by what it stands for. An unknown column is a QueryError. The list's export and the background export's
 * request check both use it.
 */
export function exportFields(q: ListQuery, spec: ListSpec): string[] {
  const allowed = spec.columns ?? [];
  const aliases = { ...WAREHOUSE_AS_CODE, ...spec.columnAliases };
  const named = (q.params.columns ?? allowed.join(',')).split(',').filter(Boolean);
  const twice = [...new Set(named.filter((c, i) => named.indexOf(c) !== i))];
  if (twice.length) throw new QueryError({ columns: [says('columns_repeated', { columns: twice.join(', ') })] });
  const requested = named.flatMap((c) => (Object.hasOwn(aliases, c) ? (aliases[c] ?? []) : [c]));
  const unknown = requested.filter((c) => !allowed.includes(c));
  if (unknown.length) throw new QueryError({ columns: [says('unknown_columns', { columns: unknown.join(', ') })] });
  return [...new Set(requested)];
}

/**
 * Sets an own property whatever the key, '__proto__' included, which a plain assignment would swallow (and with
 * it a parameter, or the error naming it).
 */
function setOwn<T>(target: Record<string, T>, key: string, value: T) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The values the list parameters beyond the filter language take, where a list takes them (ListSpec.params): the
 * query is checked against them (a 422 naming the parameter) and the published document gives them as each
 * parameter's schema. The export's parameters are checked where the export reads them.
 */
export const LIST_PARAM_VALUES: Readonly<
  Record<string, { description: string; enum?: readonly string[]; maxLength?: number }>
> = {
  q: { description: 'The search, as filter[search]: a word of the code, the label or the unit EAN.', maxLength: 200 },
  hidden: { description: 'true: hidden products only; false: visible ones only.', enum: ['true', 'false'] },
  light: {
    description: 'true: each company with its warehouses and segments only (the pickers’ variant).',
    enum: ['true', 'false'],
  },
};

export function checkListQuery(q: ListQuery, spec: ListSpec): void {
  const errors: Record<string, QueryMessage[]> = {};
  for (const c of q.filters) {
    if (!spec.filters.includes(c.field)) errors[`filter[${c.field}]`] = [says('filter_refused', { field: c.field })];
  }
  for (const s of q.sort) if (!spec.sorts.includes(s.field)) errors.sort = [says('sort_refused', { field: s.field })];
  // An index orders by one column: a planned list sorts by one field.
  if (spec.indexes && q.sort.length > 1) errors.sort = [says('one_sort')];
  for (const i of q.include) if (!spec.includes.includes(i)) errors.include = [says('include_refused', { include: i })];
  for (const [k, v] of Object.entries(q.params)) {
    const rule = Object.hasOwn(LIST_PARAM_VALUES, k) ? LIST_PARAM_VALUES[k] : undefined;
    if (!spec.params?.includes(k)) setOwn(errors, k, [says('unknown_parameter', { param: k })]);
    else if (rule?.enum && !rule.enum.includes(v)) {
      errors[k] = [says('one_of', { param: k, values: rule.enum.join(', ') })];
    } else if (rule?.maxLength !== undefined && v.length > rule.maxLength) {
      errors[k] = [says('too_long', { param: k, max: rule.maxLength })];
    }
  }
  if (Object.keys(errors).length) throw new QueryError(errors);
}

/**
 * Query parameters of every CSV export: the format, the visible columns, the export dialog's dates and how dates
 * are written (`dates=iso`; as people read them in their language by default).
 */
export const EXPORT_PARAMS = ['output', 'columns', 'start_date', 'end_date', 'dates'] as const;

/** The files a list exports (`output=csv|xlsx`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Each export file's media type (an XLSX answer crosses API Gateway as bytes only when asked by this type). */
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The export a list request asks (`output=csv|xlsx`), undefined for a page; another value is a QueryError. */
export function exportFormat(q: ListQuery): ExportFormat | undefined {
  const asked = q.params.output;
  if (asked === undefined) return undefined;
  if (!(EXPORT_FORMATS as readonly string[]).includes(asked)) {
    throw new QueryError({ output: [says('one_of', { param: 'output', values: EXPORT_FORMATS.join(', ') })] });
  }
  return asked as ExportFormat;
}

/** How an export writes dates (`dates=local|iso`); another value is a QueryError. */
export function exportDateStyle(q: ListQuery): DateStyle {
  const asked = q.params.dates ?? 'local';
  if (!(DATE_STYLES as readonly string[]).includes(asked)) {
    throw new QueryError({ dates: [says('one_of', { param: 'dates', values: DATE_STYLES.join(', ') })] });
  }
  return asked as DateStyle;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The export dialog's optional date range (start_date, end_date; the end day included) as conditions on a
 * record's date field, appended to the list's own filters. The days are the warehouses' (Paris) days: a record made
 * at 00:30 in Paris on the 1st belongs to the 1st, though it is still the 30th or 31st in UTC. A record's date that
 * is a day (YYYY-MM-DD) compares with those bounds as that day.
 */
export function withExportRange(q: ListQuery, field: string): ListQuery {
  const { start_date: start, end_date: end } = q.params;
  const errors: Record<string, QueryMessage[]> = {};
  for (const [key, value] of [
    ['start_date', start],
    ['end_date', end],
  ] as const) {
    if (value !== undefined && !ISO_DATE.test(value)) errors[key] = [says('not_a_date', { param: key })];
  }
  if (Object.keys(errors).length) throw new QueryError(errors);
  const from = start && startOfDayIn(start);
  const to = end && endOfDayIn(end);
  const range: Condition[] =
    from && to
      ? [{ field, op: 'bt', values: [from, to] }]
      : from
        ? [{ field, op: 'ge', values: [from] }]
        : to
          ? [{ field, op: 'le', values: [to] }]
          : [];
  return { ...q, filters: [...q.filters, ...range] };
}
