/**
 * Evaluates filter conditions against plain records, the same way for every resource:
 * text comparisons ignore case and accents, dates compare as ISO strings with an inclusive end of day (an instant
 * compared with a day is its day in the warehouses' time zone, Paris),
 * the literal NULL matches a missing value, and an array field matches when any of its elements does.
 */
import { dayIn } from '../common/dates';
import { getPath } from '../common/path';
import type { Condition } from './query';

export const NULL_LITERAL = 'NULL';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function fold(s: unknown): string {
  return String(s ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** A date-only upper bound covers the whole day: 2026-01-31 → 2026-01-31T23:59:59.999. */
export function inclusiveEnd(v: string): string {
  return DATE_ONLY.test(v) ? `${v}T23:59:59.999` : v;
}

function compare(a: unknown, b: string): number {
  if (typeof a === 'number' || typeof a === 'boolean') {
    const n = Number(b);
    if (Number.isFinite(n)) return Number(a) - n;
  }
  const sa = fold(a);
  const sb = fold(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

const isNull = (v: unknown) => v === undefined || v === null || v === '';
const eq = (v: unknown, want: string) => (want === NULL_LITERAL ? isNull(v) : !isNull(v) && compare(v, want) === 0);

const INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const DAY_OPS = new Set<Condition['op']>(['eq', 'or', 'gt', 'ge', 'lt', 'le', 'bt']);

/** An instant compared with days (2026-01-31T23:30:00Z with 2026-02-01) is its Paris day. */
const asDay = (v: unknown, c: Condition) =>
  typeof v === 'string' && INSTANT.test(v) && DAY_OPS.has(c.op) && c.values.every((x) => DATE_ONLY.test(x))
    ? dayIn(v)
    : v;

function scalarMatch(value: unknown, c: Condition): boolean {
  const [a = '', b = ''] = c.values;
  const v = asDay(value, c);
  switch (c.op) {
    case 'eq':
    case 'or':
      return c.values.some((w) => eq(v, w));
    case 'ne':
    case 'notIn':
      return !c.values.some((w) => eq(v, w));
    case 'gt':
      // After a day means after its last instant.
      return !isNull(v) && compare(v, inclusiveEnd(a)) > 0;
    case 'ge':
      return !isNull(v) && compare(v, a) >= 0;
    case 'lt':
      return !isNull(v) && compare(v, a) < 0;
    case 'le':
      return !isNull(v) && compare(v, inclusiveEnd(a)) <= 0;
    case 'bt':
      return !isNull(v) && compare(v, a) >= 0 && compare(v, inclusiveEnd(b)) <= 0;
    case 'startsWith':
      return fold(v).startsWith(fold(a));
    case 'endsWith':
      return fold(v).endsWith(fold(a));
    case 'contains':
      return fold(v).includes(fold(a));
    case 'not':
      return !fold(v).includes(fold(a));
    case 'and':
      return c.values.every((w) => eq(v, w));
  }
}

/** Array fields: 'and' needs every value present, negative operators need none, the others need any. */
export function matchesCondition(record: unknown, c: Condition): boolean {
  const v = getPath(record, c.field);
  if (!Array.isArray(v)) return scalarMatch(v, c);
  if (c.op === 'and') return c.values.every((w) => v.some((x) => eq(x, w)));
  if (c.op === 'ne' || c.op === 'notIn' || c.op === 'not') return v.every((x) => scalarMatch(x, c));
  if (v.length === 0) return scalarMatch(undefined, c);
  return v.some((x) => scalarMatch(x, c));
}

export const matchesAll = (record: unknown, conditions: readonly Condition[]): boolean =>
  conditions.every((c) => matchesCondition(record, c));

/** Orders records by sort keys, text ignoring case and accents, missing values last. */
export function comparator<T>(sort: readonly { field: string; desc: boolean }[]): (a: T, b: T) => number {
  return (a, b) => {
    for (const { field, desc } of sort) {
      const va = getPath(a, field);
      const vb = getPath(b, field);
      if (isNull(va) || isNull(vb)) {
        if (isNull(va) !== isNull(vb)) return isNull(va) ? 1 : -1;
        continue;
      }
      const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : compare(va, String(vb));
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  };
}
