/**
 * Lists answered from their plan (the route table's `indexes`), never by reading a whole partition:
 *
 *   1. a search, or a filter on an indexed column whose order is not the sort's: read that range (search words, or
 *      the column's list-sort index) up to PROBE_LIMIT rows; if it ended, every match is known: check the other
 *      filters, sort in memory, slice, exact total
 *   2. else read in the sort's order (the table key, or the sort column's list-sort index, narrowed by a filter on
 *      that column, or a search's in-order entries), checking every filter on each row: a broad filter fills the
 *      page within FILL_BUDGET rows, then COUNT_AHEAD more rows are counted (a search's entries by their words); the
 *      total is exact when the range ended, else a floor (`has_more`)
 *   3. a sparse filter does not fill it: the ranges of step 1 are read whole up to SELECTIVE_LIMIT rows (sorted in
 *      memory, exact), else the sort's order goes on up to SCAN_LIMIT rows
 *
 * With no filter at all, the total comes from counters and a page after the first skips keys only.
 * Every condition is checked again on the rows read with the shared filter semantics, so an index is only ever a
 * way in: what it returns too much is dropped, and the answer is exactly what the filter language means.
 */
import { endOfDayIn, startOfDayIn } from '@cellar/shared/common/dates';
import { getPath } from '@cellar/shared/common/path';
import { type Paged, pageMeta } from '@cellar/shared/common/schemas';
import { fold, inclusiveEnd, matchesAll, NULL_LITERAL } from '@cellar/shared/filter/match';
import {
  type Condition,
  indexName,
  type ListIndex,
  type ListIndexType,
  type ListSpec,
  QueryError,
  type SortKey,
  says,
} from '@cellar/shared/filter/query';
import { matchesSearch, narrowestWord } from '@cellar/shared/filter/search';
import * as z from 'zod';
import { keys } from './keys';
import {
  batchGet,
  countOn,
  type Item,
  isPositionIn,
  type Key,
  positionOf,
  queryAll,
  queryKeys,
  queryPages,
  readItems,
  readKeysAfter,
  type Source,
} from './table';
import type { ListSortIndex } from './table-definition';

/** Rows of a search or an indexed filter read first: a rare filter is answered whole from them. */
const PROBE_LIMIT = 100;
/** Rows read in the sort's order, per page asked, for a broad filter to fill the page. */
const FILL_BUDGET = 500;
/** Rows read past a full page to count the matches that follow. */
const COUNT_AHEAD = 200;
/** Rows of a search or an indexed filter that may be read whole and sorted in memory. */
const SELECTIVE_LIMIT = 5_000;
/** Rows one request may read in the sort's order. */
const SCAN_LIMIT = 10_000;

/** Between a column's encoded value and the row's id in a list-sort key; below every character of a value. */
const SEP = '#';
const TOP = '\uffff';

/**
 * A value as a list-sort index orders it: text case- and accent-folded (as the filters compare it), numbers as
 * fixed-width strings that order as numbers, booleans (and a filter's 'true', 'false', '1', '0') as 1 and 0,
 * missing values first.
 */
export function sortValue(v: unknown, type?: ListIndexType): string {
  if (v === null || v === undefined || v === '') return '';
  if (type === 'boolean' || typeof v === 'boolean') {
    const b = typeof v === 'boolean' ? v : BOOLEANS[fold(v)];
    return b === undefined ? fold(v) : b ? '1' : '0';
  }
  if (type === 'number' || typeof v === 'number') {
    const n = Number(v);
    if (!Number.isFinite(n)) return '';
    // Negative numbers first (n < p), each side ordered by its offset value.
    return n < 0 ? `n${(1e15 + n).toFixed(6).padStart(23, '0')}` : `p${n.toFixed(6).padStart(23, '0')}`;
  }
  return fold(v).replaceAll(SEP, ' ').slice(0, 200);
}

const BOOLEANS: Record<string, boolean | undefined> = { true: true, '1': true, false: false, '0': false };

export const sortKeyOf = (value: string, id: string) => `${value}${SEP}${id}`;

/**
 * A row's key in the list-sort index of `field`: its value, then the list's tie-break value (ListSpec.tieBreak,
 * for every other column), then its id. The entities write it; a list sorted in memory orders by the same key.
 */
export function listSortKey(
  spec: Pick<ListSpec, 'indexes' | 'tieBreak'>,
  row: unknown,
  field: string,
  id: string,
): string {
  const value = sortValue(getPath(row, field), indexType(spec.indexes?.[field]));
  const then = spec.tieBreak;
  return then && then !== field
    ? sortKeyOf(`${value}${SEP}${sortValue(getPath(row, then), indexType(spec.indexes?.[then]))}`, id)
    : sortKeyOf(value, id);
}

/** The searches among conditions, each as its text. */
const searches = (conditions: readonly Condition[]) =>
  conditions.filter((c) => c.field === 'search').map((c) => c.values.join(','));

/** The longest word beginning a search reads in its list's order: a longer word reads its first three letters. */
export const ORDERED_PREFIX = 3;

/** The word beginnings (one, two and three letters) whose in-order search partitions hold a row of these words. */
export function searchPrefixes(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) for (let n = 1; n <= Math.min(ORDERED_PREFIX, w.length); n++) out.add(w.slice(0, n));
  return [...out];
}

/**
 * A row's entry in an in-order search partition: its tie-break sort key (the list's order), then a tag of its
 * words. An entry carries the words it was written with, and a change of them writes entries under new keys (put
 * before the row, the old ones deleted after): an entry never says less than its row held when it was written.
 */
export const searchEntryKey = (sortKey: string, tag: string) => `${sortKey}${SEP}${tag}`;

/** The `entity` of an in-order search entry. */
export const IN_ORDER_ENTRY = 'searchInOrder';

const indexType = (i: ListIndex | undefined) => (i && typeof i === 'object' ? i.type : undefined);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Above every id that can follow a date in a sort key. */
const AFTER = '\uffff';

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Bound {
  /** Sort-key bound (inclusive). */
  key: string;
  /** The same bound as a whole day, when it is one (for daily counters). */
  day?: string;
}
/**
 * A day bound widened by a day for an index read, whose values may be instants (UTC) or days: the Paris day of an
 * instant starts the UTC day before. The rows are checked again with the shared semantics, so the index only needs
 * to return enough.
 */
const dayBefore = (x: string) => (DATE_ONLY.test(x) ? addDays(x, -1) : x);
const dayAfter = (x: string) => (DATE_ONLY.test(x) ? addDays(x, 1) : x);

/** A day's bounds in the key: from its first instant to its last in the warehouses' time zone (Paris). */
const dayStart = (day: string) => startOfDayIn(day);
const dayEnd = (day: string) => `${endOfDayIn(day)}${AFTER}`;
const lowerBound = (value: string, strict: boolean): Bound =>
  DATE_ONLY.test(value)
    ? { key: dayStart(strict ? addDays(value, 1) : value), day: strict ? addDays(value, 1) : value }
    : { key: strict ? `${value}${AFTER}` : value };
const upperBound = (value: string, strict: boolean): Bound =>
  DATE_ONLY.test(value)
    ? { key: dayEnd(strict ? addDays(value, -1) : value), day: strict ? addDays(value, -1) : value }
    : { key: strict ? value : `${value}${AFTER}` };

/**
 * The key range of a list keyed `<date>#<id>` (movements by date, logs and receptions by creation): every condition
 * on that date field (bt, ge, gt, le, lt, eq of a day; a date-only end is the whole day), all applying together. A
 * day is the warehouses' (Paris) day, as the export dialog's range and the daily counters count it.
 * `consumed` are the conditions the range answers exactly (the plan's `keyConditions`); `days`, the range as whole
 * days when it is one, for daily counters.
 */
export function keyDateRange(filters: readonly Condition[], field: string) {
  const lower: Bound[] = [];
  const upper: Bound[] = [];
  const consumed: Condition[] = [];
  for (const c of filters.filter((f) => f.field === field)) {
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

/** What a list route's service knows of one list request. */
export interface PlannedList<T> {
  spec: ListSpec;
  /** The list in its key's order: a range of the table (one owner) or of GSI2 (every owner). */
  keySource: Omit<Source, 'desc'>;
  /** The field the key orders by, and its default direction. */
  keySort: SortKey;
  /** The list-sort partition of these rows; absent when the list spans owners (key order and search only). */
  sortScope?: string;
  /**
   * The condition the list-sort partition holds exactly (one quality's own partition of the stock lines): the rows
   * read in a sort's order from it need no check of it, and past a full page their keys are counted alone.
   */
  sortScopeAnswers?: Condition;
  /** The search words' partition of these rows; absent when none is kept for them (search then checks rows). */
  searchScope?: string;
  /** Every filter of the request but those choosing the partition (type, owner). */
  conditions: readonly Condition[];
  /** Those of `conditions` the key source answers exactly (a date range, a product): in key order, no row check. */
  keyConditions?: readonly Condition[];
  sort: readonly SortKey[];
  map: (item: Item) => T;
  id: (row: T) => string;
  /** A row's searchable words (`searchWords` of its searchable text). */
  words: (row: T) => readonly string[];
  /** The caller's own restriction (the segments they may see), checked like a filter. */
  visible?: (row: T) => boolean;
  /** The number of visible rows when no filter applies, kept by counters. */
  total?: () => Promise<number>;
  /**
   * Ids sort as the key does (ULIDs of a list keyed by creation): the rows of one value of a list-sort index
   * (`<value>#<id>`) are then in the key's order, so an `eq` filter on any indexed column reads its range in the
   * default sort, a page at a time, however rare the value.
   */
  idOrdered?: boolean;
  /**
   * The rows when the service can read them directly, a few at most (lines named by id): the whole answer is
   * taken from them, every filter checked on each.
   */
  direct?: () => Promise<Item[]>;
}

interface Way {
  source: Source;
  /** The source returns rows in the requested order. */
  ordered: boolean;
  /** The source is a search-word range: its entries point at the rows. */
  search?: boolean;
  /** The source is an in-order search partition: its entries, in the list's order, carry the rows' words. */
  entries?: boolean;
  /** The source is the key source: the key conditions are answered. */
  key?: boolean;
  /** The condition the source's range answers exactly (`answersExactly`): its rows need no check of it. */
  answers?: Condition;
}

/**
 * Whether a list-sort index's range of a condition holds exactly the rows it keeps: one text value, which the
 * index's key holds as the filter compares it. Not a value that could meet another in the key: one with a space
 * or a '#' (a '#' is kept as a space), a day (an instant of that day is kept), 200 characters or more (the key
 * keeps 200), the form a number takes in the key, none (NULL).
 */
export function answersExactly(c: Condition, type?: ListIndexType): boolean {
  const [value] = c.values;
  if (c.op !== 'eq' || c.values.length !== 1 || value === undefined || type !== undefined) return false;
  const folded = fold(value);
  return (
    value !== NULL_LITERAL &&
    folded.length > 0 &&
    folded.length < 200 &&
    !/[\s#]/.test(folded) &&
    !DATE_ONLY.test(value) &&
    // Nor what a number of the column is kept as (sortValue: n or p, then digits).
    !/^[np]\d/.test(folded)
  );
}

const RANGE_OPS = new Set(['eq', 'startsWith', 'gt', 'ge', 'lt', 'le', 'bt']);

/** The range of a list-sort index that holds every row a condition may keep (a superset: rows are checked again). */
export function indexRange(c: Condition, type?: ListIndexType): Partial<Source> | undefined {
  if (!RANGE_OPS.has(c.op) || (c.op === 'startsWith' && type === 'number')) return undefined;
  // A boolean is equal to one of two values, or answered by the rows.
  if (type === 'boolean' && (c.op !== 'eq' || c.values.some((x) => BOOLEANS[fold(x)] === undefined))) return undefined;
  if (c.values.length !== (c.op === 'bt' ? 2 : 1)) return undefined;
  const [a = '', b = ''] = c.values;
  // NULL stands for no value, which the index keeps first, under an empty value.
  if (c.values.includes(NULL_LITERAL)) return c.op === 'eq' ? { skPrefix: SEP } : undefined;
  const v = (x: string) => sortValue(type === 'number' ? Number(x) : x, type);
  if (type === 'number' && c.values.some((x) => !Number.isFinite(Number(x)))) return undefined;
  switch (c.op) {
    case 'eq':
      return v(a) ? { skPrefix: `${v(a)}${SEP}` } : undefined;
    case 'startsWith':
      return v(a) ? { skPrefix: v(a) } : undefined;
    case 'gt':
    case 'ge':
      return { skFrom: v(dayBefore(a)) };
    case 'lt':
    case 'le':
      return { skTo: `${v(inclusiveEnd(dayAfter(a)))}${TOP}` };
    default:
      return { skBetween: [v(dayBefore(a)), `${v(inclusiveEnd(dayAfter(b)))}${TOP}`] };
  }
}

function sortIndexOf<T>(list: PlannedList<T>, sort: SortKey): Source {
  if (sort.field === list.keySort.field) return { ...list.keySource, desc: sort.desc };
  const index = list.spec.indexes?.[sort.field];
  const name = index && indexName(index);
  if (!name || name === 'key' || name === 'search')
    throw new QueryError({ sort: [says('sort_refused', { field: sort.field })] });
  if (!list.sortScope) {
    throw new QueryError({ sort: [says('sort_needs_owner', { field: sort.field })] });
  }
  return { index: name as ListSortIndex, pk: list.sortScope, desc: sort.desc };
}

/** The ways into the rows, most selective first; the last one always reads in the requested order. */
export function ways<T>(list: PlannedList<T>, sort: SortKey): Way[] {
  const out: Way[] = [];
  const keyOrdered = sort.field === list.keySort.field;
  const inOrder = sortIndexOf(list, sort);
  const search = searches(list.conditions);
  const word = search
    .map(narrowestWord)
    .reduce<string | undefined>((a, w) => (w && (!a || w.length > a.length) ? w : a), undefined);
  // A word in the list's default order (its tie-break) is also read from its beginning's entries in that order,
  // when its own entries are too many to be read whole: the final way, a page at a time.
  let inOrderSearch: Way | undefined;
  if (word && list.searchScope) {
    const source = { pk: keys.searchWords(list.searchScope, word), skPrefix: word };
    out.push({ source, ordered: false, search: true });
    if (list.spec.searchInOrder && list.spec.tieBreak === sort.field) {
      const pk = keys.searchInOrder(list.searchScope, word.slice(0, ORDERED_PREFIX));
      inOrderSearch = { source: { pk, desc: sort.desc }, ordered: true, entries: true };
    }
  }
  if (!keyOrdered && list.keyConditions?.length) {
    out.push({ source: { ...list.keySource, desc: sort.desc }, ordered: false, key: true });
  }
  for (const c of list.conditions) {
    // In key order, what the key answers needs no other way in (a company's users are its key range).
    if (keyOrdered && list.keyConditions?.includes(c)) continue;
    const index = list.spec.indexes?.[c.field];
    const name = index && indexName(index);
    if (!name || name === 'key' || name === 'search' || !list.sortScope) continue;
    const range = indexRange(c, indexType(index));
    if (!range) continue;
    // One value of a column is in the sort's order when the sort is the list's tie-break (or its key, for ids
    // that sort as the key does).
    const oneValue = c.op === 'eq' && c.values.length === 1;
    const ordered =
      inOrder.index === name ||
      (oneValue && keyOrdered && list.idOrdered === true) ||
      (oneValue && list.spec.tieBreak === sort.field && c.field !== sort.field);
    const source = { index: name as ListSortIndex, pk: list.sortScope, desc: sort.desc, ...range };
    const answers = answersExactly(c, indexType(index)) ? c : undefined;
    // A range in the sort's own order is the final way (but for a search's, a row's words being fewer than its
    // columns' values); the others are tried first.
    if (ordered && !inOrderSearch) return [...out, { source, ordered, answers }];
    out.push({ source, ordered: false, answers });
  }
  const answers = keyOrdered ? undefined : list.sortScopeAnswers;
  return [...out, inOrderSearch ?? { source: inOrder, ordered: true, key: keyOrdered, answers }];
}

/** The way of rows a service read directly (`direct`): it answers no condition itself. */
const DIRECT: Way = { source: { pk: '' }, ordered: false };

/** The filters a way leaves to be checked on its rows: all of them, but those its source answers exactly. */
const residual = <T>(list: PlannedList<T>, way: Way) =>
  list.conditions.filter((c) => c !== way.answers && !(way.key && list.keyConditions?.includes(c)));

function keeps<T>(list: PlannedList<T>, conditions: readonly Condition[]): (row: T) => boolean {
  const search = searches(conditions);
  const others = conditions.filter((c) => c.field !== 'search');
  return (row) =>
    (!list.visible || list.visible(row)) &&
    search.every((s) => matchesSearch(list.words(row), s)) &&
    matchesAll(row, others);
}

/** In the order of the list-sort index: the sort column's value, then the id. */
function indexOrder<T>(list: PlannedList<T>, sort: SortKey) {
  const key = (row: T) => listSortKey(list.spec, row, sort.field, list.id(row));
  return (a: T, b: T) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return sort.desc ? -c : c;
  };
}

/** A search-word entry: the row's id and key. */
const searchEntry = z.object({ id: z.string(), ref: z.object({ PK: z.string(), SK: z.string() }) });

/** An in-order search entry: the row's id and key, and its words when written. */
const inOrderEntry = searchEntry.extend({ words: z.array(z.string()) });

/**
 * An item read in a way's order: the row (absent for an entry whose row is not a match), and where it was read; or,
 * for an entry whose words match and whose row was not asked for, the entry (`unread`).
 */
interface Read {
  row?: Item;
  at: Item;
  unread?: z.infer<typeof searchEntry>;
}

/**
 * The rows of a way in its order, a page of the source at a time, from the item after `from`. An in-order search
 * partition gives its entries: those whose words hold every search are followed to their rows (`batch` entries at a
 * time, each row checked to be the entry's), the others come without one, so that what is read stays counted; while
 * `rows()` says no, a matching entry comes as itself, its row not read.
 */
async function* readInOrder<T>(
  list: PlannedList<T>,
  way: Way,
  pageSize: number,
  from: Item | undefined,
  ahead: boolean,
  o: { batch?: number; rows?: () => boolean } = {},
): AsyncGenerator<Read[]> {
  const pages = queryPages(way.source, pageSize, from, ahead);
  if (!way.entries) {
    for await (const items of pages) yield items.map((item) => ({ row: item, at: item }));
    return;
  }
  const search = searches(list.conditions);
  const size = o.batch ?? 100;
  let last: string | undefined;
  for await (const items of pages) {
    for (let i = 0; i < items.length; i += size) {
      const batch = items.slice(i, i + size).map((at) => {
        const entry = inOrderEntry.parse(at);
        // A row's entries of two word sets (one left by a change that failed) lie side by side: it is read once.
        const wanted = entry.id !== last && search.every((s) => matchesSearch(entry.words, s));
        if (wanted) last = entry.id;
        return { at, entry, wanted };
      });
      if (o.rows && !o.rows()) {
        yield batch.map(({ at, entry, wanted }) => ({ at, unread: wanted ? entry : undefined }));
        continue;
      }
      const found = await batchGet(batch.filter((e) => e.wanted).map((e) => e.entry.ref));
      const rows = new Map(found.map((item) => [`${item.PK}|${item.SK}`, item]));
      yield batch.map(({ at, entry, wanted }) => {
        const row = wanted ? rows.get(`${entry.ref.PK}|${entry.ref.SK}`) : undefined;
        return { at, row: row && String(row.id) === entry.id ? row : undefined };
      });
    }
  }
}

/**
 * How many of these entries' rows are still theirs and kept: an entry a failed change or a crash left behind (its
 * row gone, or holding other words) is not a match.
 */
async function verified<T>(
  list: PlannedList<T>,
  entries: readonly z.infer<typeof searchEntry>[],
  keep: (row: T) => boolean,
): Promise<number> {
  const ids = new Map(entries.map((e) => [`${e.ref.PK}|${e.ref.SK}`, e.id]));
  const rows = await batchGet(entries.map((e) => e.ref));
  return rows.filter((r) => ids.get(`${r.PK}|${r.SK}`) === String(r.id) && keep(list.map(r))).length;
}

/** Reads a selective way whole when it holds at most `limit` rows; undefined when it holds more. */
async function readSelective<T>(list: PlannedList<T>, way: Way, limit: number): Promise<T[] | undefined> {
  const items: Item[] = [];
  const refs = new Map<string, Key>();
  for await (const item of queryAll(way.source, Math.min(1000, limit + 1))) {
    if (way.search) {
      const entry = searchEntry.parse(item);
      refs.set(entry.id, entry.ref);
    } else items.push(item);
    if (refs.size > limit || items.length > limit) return undefined;
  }
  if (way.search) {
    const ids = new Set(refs.keys());
    // A word entry left by a row since changed or removed points at nothing, or at another row: skipped.
    for (const item of await batchGet([...refs.values()])) if (ids.has(String(item.id))) items.push(item);
  }
  return items.map(list.map);
}

/**
 * A selective way answered in the list's key order without reading its rows whole: its keys first (a search's
 * entries, or an index range's keys only), put in the table key's order, then only the rows that page and count
 * need. For a list in its key order over one table partition, when the sort's order did not fill the page early
 * (the filter's rows lie far down): a filter matching thousands of rows then costs its keys, not its rows.
 * Undefined when the way holds more than `limit` keys.
 */
async function answerByKeys<T>(
  list: PlannedList<T>,
  way: Way,
  sort: SortKey,
  page: number,
  perPage: number,
  limit: number,
  countAhead = COUNT_AHEAD,
): Promise<Paged<T> | undefined> {
  const { pk, skPrefix } = list.keySource;
  const ids = new Map<string, string | undefined>();
  const keys: Key[] = [];
  const add = (key: Key, id?: string) => {
    if (key.PK !== pk || (skPrefix && !key.SK.startsWith(skPrefix)) || ids.has(key.SK)) return;
    ids.set(key.SK, id);
    keys.push(key);
  };
  if (way.search) {
    for await (const item of queryAll(way.source, Math.min(1000, limit + 1))) {
      const entry = searchEntry.parse(item);
      add(entry.ref, entry.id);
      if (keys.length > limit) return undefined;
    }
  } else {
    for await (const item of queryKeys(way.source, Math.min(1000, limit + 1))) {
      add({ PK: String(item.PK), SK: String(item.SK) });
      if (keys.length > limit) return undefined;
    }
  }
  keys.sort((a, b) => (a.SK < b.SK ? -1 : a.SK > b.SK ? 1 : 0) * (sort.desc ? -1 : 1));
  const keep = keeps(list, residual(list, way));
  const offset = (page - 1) * perPage;
  const data: T[] = [];
  let matches = 0;
  let read = 0;
  // Rows in key order, a batch at a time, until the page is full and COUNT_AHEAD more are counted.
  while (read < keys.length && (data.length < perPage || read < offset + perPage + countAhead)) {
    const batch = keys.slice(read, read + 100);
    read += batch.length;
    const found = new Map((await batchGet(batch)).map((item) => [String(item.SK), item]));
    for (const key of batch) {
      const item = found.get(key.SK);
      const id = ids.get(key.SK);
      // A word entry left by a row since changed or removed points at nothing, or at another row: skipped.
      if (!item || (id !== undefined && String(item.id) !== id)) continue;
      const row = list.map(item);
      if (!keep(row)) continue;
      if (matches >= offset && data.length < perPage) data.push(row);
      matches++;
    }
  }
  const ended = read >= keys.length;
  return { data, meta: pageMeta(matches, page, perPage, data.length, !ended) };
}

/**
 * One page of an unfiltered range whose size is known: keys are skipped from the nearer end, so the last pages cost
 * what the first ones do (the middle of a long list is the farthest: half of its keys).
 */
async function readPage(source: Source, offset: number, perPage: number, total: number): Promise<Item[]> {
  const fromEnd = total - offset - perPage;
  if (fromEnd >= offset || offset >= total) {
    const start = offset > 0 ? await readKeysAfter(source, offset) : undefined;
    return offset > 0 && !start ? [] : readItems(source, perPage, start);
  }
  // Read backwards: skip what follows the page, read the page (shorter when it is the first), put it in order.
  const reversed = { ...source, desc: !source.desc };
  const skip = Math.max(0, fromEnd);
  const start = skip > 0 ? await readKeysAfter(reversed, skip) : undefined;
  if (skip > 0 && !start) return [];
  return (await readItems(reversed, Math.min(perPage, total - offset), start)).reverse();
}

/** A selective way's rows, filtered and in the index's order: the whole answer. */
function answerWhole<T>(list: PlannedList<T>, way: Way, rows: T[], sort: SortKey, page: number, perPage: number) {
  const kept = rows.filter(keeps(list, residual(list, way))).sort(indexOrder(list, sort));
  const offset = (page - 1) * perPage;
  const data = kept.slice(offset, offset + perPage);
  return { data, meta: pageMeta(kept.length, page, perPage, data.length) };
}

/** The items of an iteration of pages, one at a time. */
async function* flat<I>(pages: AsyncIterable<I[]>): AsyncGenerator<I> {
  for await (const page of pages) yield* page;
}

/** A cursor: the page it ends and the position of its last row in the way it was read. */
const cursorSchema = z.object({ p: z.number().int().positive(), k: z.record(z.string(), z.string()) });

const encodeCursor = (page: number, source: Source, item: Item) =>
  Buffer.from(JSON.stringify({ p: page, k: positionOf(source, item) })).toString('base64url');

/** Where to resume `source` for `page`: the position of a cursor that ended the page before, in that source. */
function resumeAt(cursor: string | undefined, source: Source, page: number): Record<string, string> | undefined {
  if (!cursor || page < 2) return undefined;
  try {
    const c = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return c.success && c.data.p === page - 1 && isPositionIn(source, c.data.k) ? c.data.k : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One page of a planned list. With the cursor of the page before (`meta.cursor`), a page read in the sort's order
 * resumes where that one ended: the grid scrolling on costs one page per page, however far down.
 */
export async function plannedPage<T>(
  list: PlannedList<T>,
  page: number,
  perPage: number,
  cursor?: string,
  /** Rows read past a full page to count what follows; 0 for a glance that shows no total (the dashboard). */
  countAhead = COUNT_AHEAD,
): Promise<Paged<T>> {
  const sort = list.sort[0] ?? list.keySort;
  const offset = (page - 1) * perPage;
  const all = ways(list, sort);
  const selective = all.slice(0, -1);
  const final = all[all.length - 1] as Way;
  // Rows read directly answer no condition themselves: every one is checked.
  if (list.direct) return answerWhole(list, DIRECT, (await list.direct()).map(list.map), sort, page, perPage);
  for (const way of selective) {
    const rows = await readSelective(list, way, PROBE_LIMIT);
    if (rows) return answerWhole(list, way, rows, sort, page, perPage);
  }
  const resumed = resumeAt(cursor, final.source, page);
  /** The next page's cursor, once this one is full. */
  const ending = (items: readonly Item[]) => {
    const last = items[perPage - 1];
    return last ? { cursor: encodeCursor(page, final.source, last) } : {};
  };
  const left = residual(list, final);
  // The counters count the rows of no filter (but the key's): not those of a range answering one exactly.
  const unfiltered = left.length === 0 && !final.answers;
  if (unfiltered && list.total && !list.visible) {
    const total = await list.total();
    const items = resumed
      ? await readItems(final.source, perPage, resumed)
      : await readPage(final.source, offset, perPage, total);
    const data = items.map(list.map);
    return { data, meta: { ...pageMeta(total, page, perPage, data.length), ...ending(items) } };
  }
  const keep = keeps(list, left);
  // The caller's own restriction alone is counted too: the page stops once full.
  const counted = unfiltered ? list.total : undefined;
  // Past a full page, a search's in-order entries are counted by their words alone when nothing else is to check
  // (read a page more: not every entry of a word's first letters is a match).
  const onEntries = final.entries === true && !list.visible && left.every((c) => c.field === 'search');
  // A range that is the answer itself (no condition left to check on its rows) is counted on by its keys alone,
  // past a full page (`countOn`): only the page's rows are read.
  const exact = left.length === 0 && !list.visible && !final.entries;
  const size = Math.min(1000, (resumed ? 0 : offset) + perPage * (onEntries ? 2 : 1) + (exact ? 0 : countAhead));
  const batch = Math.min(100, Math.max(10, perPage));
  const rows = flat(readInOrder(list, final, size, resumed, false, { batch, rows: () => !onEntries || !full() }));
  /** The entries counted by their words, whose rows are read only if the range ends (the total is then exact). */
  const unread: z.infer<typeof searchEntry>[] = [];
  // Resumed, the rows before this page are the previous pages', all full: `offset` of them.
  const pages = resumed ? 1 : page;
  const data: T[] = [];
  const kept: Item[] = [];
  let matches = resumed ? offset : 0;
  let scanned = 0;
  let ended = false;
  /** The last item read in the way's order. */
  let lastAt: Item | undefined;
  /** Reads on in the sort's order until `until` says stop or the range ends. */
  const readOn = async (until: () => boolean) => {
    while (!ended && !until()) {
      const next = await rows.next();
      if (next.done) {
        ended = true;
        break;
      }
      scanned++;
      lastAt = next.value.at;
      if (next.value.unread) {
        unread.push(next.value.unread);
        matches++;
        continue;
      }
      if (!next.value.row) continue;
      const row = list.map(next.value.row);
      if (!keep(row)) continue;
      if (matches >= offset && data.length < perPage) {
        data.push(row);
        kept.push(next.value.at);
      }
      matches++;
    }
  };
  const full = () => data.length === perPage;
  await readOn(() => full() || scanned >= Math.min(SCAN_LIMIT, FILL_BUDGET * pages));
  if (!full() && !ended) {
    // A sparse filter: its own range is the cheaper way; in key order, its keys then the rows a page needs.
    const inKeyOrder = sort.field === list.keySort.field && !list.keySource.index;
    for (const way of inKeyOrder ? selective : []) {
      const answer = await answerByKeys(list, way, sort, page, perPage, SELECTIVE_LIMIT, countAhead);
      if (answer) {
        await rows.return?.(undefined);
        return answer;
      }
    }
    for (const way of selective) {
      const whole = await readSelective(list, way, SELECTIVE_LIMIT);
      if (whole) {
        await rows.return?.(undefined);
        return answerWhole(list, way, whole, sort, page, perPage);
      }
    }
    await readOn(() => full() || scanned >= SCAN_LIMIT);
  }
  if (counted) {
    await rows.return?.(undefined);
    return { data, meta: { ...pageMeta(await counted(), page, perPage, data.length), ...ending(kept) } };
  }
  if (exact && !ended && lastAt) {
    await rows.return?.(undefined);
    const on = await countOn(final.source, countAhead, positionOf(final.source, lastAt));
    matches += on.count;
    return { data, meta: { ...pageMeta(matches, page, perPage, data.length, on.more), ...ending(kept) } };
  }
  const counting = scanned + countAhead;
  await readOn(() => scanned >= Math.min(counting, SCAN_LIMIT));
  await rows.return?.(undefined);
  if (ended && unread.length) matches += (await verified(list, unread, keep)) - unread.length;
  return { data, meta: { ...pageMeta(matches, page, perPage, data.length, !ended), ...ending(kept) } };
}

/** Every row of a planned list in its order (exports): the same ways, without the limits of a page. */
export async function plannedRows<T>(list: PlannedList<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const rows of plannedRowPages(list)) out.push(...rows);
  return out;
}

/** A page of an export's rows, and where the list's reading stands after it. */
export interface RowPage<T> {
  rows: T[];
  /**
   * The position of the page's last item read in the sort's order, to resume after it in a new invocation;
   * undefined for a selective way's whole answer (written at once, never resumed from).
   */
  after?: Record<string, string>;
}

/**
 * Every row the list answers, a page at a time, for an export of any size: a selective way (a direct read, a
 * search, a rare indexed value: SELECTIVE_LIMIT rows at most) is read and sorted whole, as a page; the sort's
 * order streams page by page from the table, each page's rows checked and handed on before the next is read, so a
 * million-row export never holds more than one page. Every page read in the sort's order is handed on, even when
 * the filter kept none of its rows, with its position: an export that resumes `from` it in a new invocation reads
 * on in the sort's order (an export that stopped half-way was reading that way: a selective answer is one page).
 */
export async function* plannedRowPagesFrom<T>(
  list: PlannedList<T>,
  from?: Record<string, string>,
): AsyncGenerator<RowPage<T>> {
  const sort = list.sort[0] ?? list.keySort;
  const all = ways(list, sort);
  const final = all[all.length - 1] as Way;
  if (from && (list.direct || !isPositionIn(final.source, from))) {
    throw new Error('An export resumes only from a position in the order it was read');
  }
  if (!from && list.direct) {
    yield {
      rows: (await list.direct()).map(list.map).filter(keeps(list, list.conditions)).sort(indexOrder(list, sort)),
    };
    return;
  }
  for (const way of from ? [] : all.slice(0, -1)) {
    const rows = await readSelective(list, way, SELECTIVE_LIMIT);
    if (rows) {
      yield { rows: rows.filter(keeps(list, residual(list, way))).sort(indexOrder(list, sort)) };
      return;
    }
  }
  const keep = keeps(list, residual(list, final));
  let after = from;
  for await (const read of readInOrder(list, final, 1000, from, true)) {
    const last = read[read.length - 1];
    if (last) after = positionOf(final.source, last.at);
    const rows = read.flatMap((r) => (r.row ? [list.map(r.row)] : []));
    yield { rows: rows.filter(keep), after };
  }
}

/** Every row the list answers, a page at a time (`plannedRowPagesFrom`'s pages that hold rows). */
export async function* plannedRowPages<T>(list: PlannedList<T>): AsyncGenerator<T[]> {
  for await (const { rows } of plannedRowPagesFrom(list)) if (rows.length) yield rows;
}
