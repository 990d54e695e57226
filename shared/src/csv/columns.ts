/**
 * How an export writes a list's columns: each column's title (a translation key, the grid's own where the grid
 * shows the column) and how its values read, declared once next to the list's columns. `exportCell` is the one
 * formatting every export goes through.
 *
 *   statusCode: { header: 'orders.columns.status', format: labels(ORDER_STATUS.list) }
 */
import { WAREHOUSE_TIME_ZONE } from '../common/dates';
import type { DateStyle } from '../filter/query';
import type { Language } from '../i18n/messages';

/**
 * A column's values: `date` a calendar day (YYYY-MM-DD) or an instant (read in the warehouses' time zone),
 * `boolean` yes or no, `labels` a code → translation key table (a code without a label is written as it is).
 */
export type CellFormat = 'date' | 'boolean' | { labels: Readonly<Record<string, string>> };

export interface ColumnDef {
  /** The title's translation key. */
  header: string;
  format?: CellFormat;
}

/** A list's exported columns, by field. */
export type ColumnDefs = Readonly<Record<string, ColumnDef>>;

export interface CellContext {
  lang: Language;
  dates: DateStyle;
  /** A label key's text in `lang` (`listText`, which the API loads with its first export). */
  text: (key: string) => string;
}

/** A code → label key table from a status list (or any list of codes with label keys). */
export const labels = (list: readonly { code: string; labelKey: string }[]): CellFormat => ({
  labels: Object.fromEntries(list.map((d) => [d.code, d.labelKey])),
});

/** A code → label key table of codes translated under one namespace: `segments.B2B`. */
export const labelsUnder = (namespace: string, codes: readonly string[]): CellFormat => ({
  labels: Object.fromEntries(codes.map((c) => [c, `${namespace}.${c}`])),
});

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;
/** Both languages write the day first; English names the month so that 03/04 cannot be read as March 4th. */
const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

function dayText(lang: Language, year: string, month: string, day: string): string {
  if (lang === 'fr') return `${day}/${month}/${year}`;
  const name = new Intl.DateTimeFormat(LOCALES.en, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, Number(month) - 1, 1)),
  );
  return `${day} ${name} ${year}`;
}

/** '2026-11-23' → '23/11/2026' | '23 Nov 2026'; an instant → the same day and 'HH:mm' in Paris. */
export function formatDate(value: string, lang: Language): string {
  const day = DAY.exec(value);
  if (day) return dayText(lang, day[1] as string, day[2] as string, day[3] as string);
  if (!INSTANT.test(value) || Number.isNaN(Date.parse(value))) return value;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(LOCALES[lang], {
      timeZone: WAREHOUSE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
  return `${dayText(lang, parts.year ?? '', parts.month ?? '', parts.day ?? '')} ${parts.hour}:${parts.minute}`;
}

function formatOne(value: unknown, format: CellFormat, ctx: CellContext): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (format === 'date') {
    const text = value instanceof Date ? value.toISOString() : String(value);
    return ctx.dates === 'iso' ? text : formatDate(text, ctx.lang);
  }
  if (format === 'boolean') {
    if (value === true || value === 'true') return ctx.text('common.yes');
    if (value === false || value === 'false') return ctx.text('common.no');
    return value;
  }
  const key = Object.hasOwn(format.labels, String(value)) ? format.labels[String(value)] : undefined;
  return key ? ctx.text(key) : value;
}

/** A value as an export writes it in its column (each element of a list value alike). */
export function exportCell(value: unknown, format: CellFormat | undefined, ctx: CellContext): unknown {
  if (!format) return value;
  return Array.isArray(value) ? value.map((v) => formatOne(v, format, ctx)) : formatOne(value, format, ctx);
}
