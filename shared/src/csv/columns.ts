/**
 * How an export writes a list's columns: each column's title (a translation key, the grid's own where the grid
 * shows the column) and how its values read, declared once next to the list's columns. `exportCell` is the one
 * formatting every export goes through.
 *
 *   statusCode: { header: 'orders.columns.status', format: labels(ORDER_STATUS.list) }
 */
import { WAREHOUSE_TIME_ZONE } from '../common/dates';
import type { Language } from '../i18n/messages';
import type { DateStyle } from './date-styles';

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
const EN_MONTHS = Array.from({ length: 12 }, (_, m) =>
  new Intl.DateTimeFormat(LOCALES.en, { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, m, 1))),
);
/** The warehouses' wall clock of an instant (one formatter, made once: an export reads a million dates). */
const PARIS_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: WAREHOUSE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const HOUR = 3_600_000;
/** Paris' offset from UTC by hour: it changes twice a year, on the hour, so one reading serves the hour. */
const OFFSETS = new Map<number, number>();

/** Paris' offset from UTC (ms) at an instant, read from the time-zone database once per hour of time. */
function parisOffset(instant: number): number {
  const hour = Math.floor(instant / HOUR);
  let offset = OFFSETS.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(PARIS_CLOCK.formatToParts(hour * HOUR).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) - hour * HOUR;
    // A year of hours at most: the cache stays small however many dates an export writes.
    if (OFFSETS.size > 10_000) OFFSETS.clear();
    OFFSETS.set(hour, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell: `wall` is the warehouses' (Paris) wall time held in a Date's UTC fields (a spreadsheet's dates have no
 * time zone: it shows those fields as they are), `time` whether it is an instant rather than a calendar day, `text`
 * how the CSV writes it in the requester's language.
 */
export class DateCell {
  constructor(
    readonly wall: Date,
    readonly time: boolean,
    readonly text: string,
  ) {}
}

function dayText(lang: Language, wall: Date): string {
  const day = pad(wall.getUTCDate());
  const month = wall.getUTCMonth();
  const year = String(wall.getUTCFullYear());
  return lang === 'fr' ? `${day}/${pad(month + 1)}/${year}` : `${day} ${EN_MONTHS[month]} ${year}`;
}

/** A calendar day or an instant (ISO 8601) as a date cell in `lang`; undefined for anything else. */
export function dateCell(value: string, lang: Language): DateCell | undefined {
  const day = DAY.exec(value);
  if (day) {
    const wall = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    // A day that does not exist (2026-02-30) is not a date: it is written as it is.
    if (wall.getUTCDate() !== Number(day[3]) || wall.getUTCMonth() !== Number(day[2]) - 1) return undefined;
    return new DateCell(wall, false, dayText(lang, wall));
  }
  if (!INSTANT.test(value)) return undefined;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return undefined;
  const wall = new Date(instant + parisOffset(instant));
  return new DateCell(wall, true, `${dayText(lang, wall)} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`);
}

/** '2026-11-23' → '23/11/2026' | '23 Nov 2026'; an instant → the same day and 'HH:mm' in Paris. */
export function formatDate(value: string, lang: Language): string {
  return dateCell(value, lang)?.text ?? value;
}

/**
 * How a spreadsheet shows a date cell in each language, the same reading as the CSV's text (the day first; English
 * names the month).
 */
export const SHEET_DATE_FORMATS: Record<Language, { day: string; time: string }> = {
  fr: { day: 'dd/mm/yyyy', time: 'dd/mm/yyyy hh:mm' },
  en: { day: 'dd mmm yyyy', time: 'dd mmm yyyy hh:mm' },
};

function formatOne(value: unknown, format: CellFormat, ctx: CellContext): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (format === 'date') {
    const text = value instanceof Date ? value.toISOString() : String(value);
    return ctx.dates === 'iso' ? text : (dateCell(text, ctx.lang) ?? text);
  }
  if (format === 'boolean') {
    if (value === true || value === 'true') return ctx.text('common.yes');
    if (value === false || value === 'false') return ctx.text('common.no');
    return value;
  }
  const key = Object.hasOwn(format.labels, String(value)) ? format.labels[String(value)] : undefined;
  return key ? ctx.text(key) : value;
}

/**
 * A cell's text, as the CSV writes it: a date cell's local text, a list's elements joined, an object as JSON
 * (formula neutralisation is the CSV writer's: it concerns how a spreadsheet opens a text file).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof DateCell) return value.text;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The typed value a spreadsheet cell holds, for both writers' one rule: a number stays a number, a date cell a date
 * (unless ISO was asked: then it is text already), empty stays empty, and everything else (translated labels,
 * booleans, codes, lists, a text starting with '=') is text, never a formula.
 */
export type SheetValue = string | number | DateCell | null;

export function sheetValue(value: unknown): SheetValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof DateCell) return value;
  return cellText(value);
}

/**
 * A value as an export writes it in its column (each element of a list value alike): a declared date as a
 * `DateCell` (or its ISO text when `dates=iso`), a boolean or a code as its translated text. The CSV writes its
 * `cellText`, the spreadsheet its `sheetValue`.
 */
export function exportCell(value: unknown, format: CellFormat | undefined, ctx: CellContext): unknown {
  if (!format) return value;
  return Array.isArray(value) ? value.map((v) => formatOne(v, format, ctx)) : formatOne(value, format, ctx);
}
