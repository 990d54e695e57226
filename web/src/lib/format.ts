/** Dates and numbers as people read them in the current language. */
import dayjs from 'dayjs';
import { nextTask } from './next-task';

/**
 * One formatter per language and options, made once: building an Intl formatter loads the language's data, which
 * cost a list's first render on a phone more than formatting all its rows (tens of milliseconds per formatter).
 */
function cached<O, F>(make: (language: string, options: O) => F) {
  const made = new Map<string, F>();
  return (language: string, options: O): F => {
    const key = `${language} ${JSON.stringify(options)}`;
    let f = made.get(key);
    if (!f) {
      f = make(language, options);
      made.set(key, f);
    }
    return f;
  };
}

export const dateTimeFormat = cached(
  (language, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, options),
);
export const numberFormat = cached(
  (language, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options),
);
const relativeTimeFormat = cached(
  (language, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(language, options),
);

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const count = (digits: number): Intl.NumberFormatOptions => ({ maximumFractionDigits: digits });

/** What a signed-in page formats first: a day (the updates badge), a date and time, a count (its list's cells). */
const FIRST_FORMATTERS = [
  (language: string) => dateTimeFormat(language, DAY),
  (language: string) => dateTimeFormat(language, DAY_AND_TIME),
  (language: string) => numberFormat(language, count(0)),
];

/**
 * Builds the formatters a signed-in page shows first, each in a task of its own, while the page's answers are on
 * their way: the first one built loads the language's data, tens of milliseconds on a phone that would otherwise
 * lengthen the render that shows the answers. (Not in idle callbacks: a loading page's queued tasks starve them
 * until after that render.)
 */
export async function prepareFormatters(language: string): Promise<void> {
  for (const make of FIRST_FORMATTERS) {
    await nextTask();
    make(language);
  }
}

/** '2026-03-12' (a calendar day, read in local time) → '12 mars 2026' / 'Mar 12, 2026'. */
export function formatDay(isoDay: string, language: string): string {
  const d = dayjs(isoDay);
  return d.isValid() ? dateTimeFormat(language, DAY).format(d.toDate()) : isoDay;
}

/** An ISO date-time → '12 mars 2026 14:05' / 'Mar 12, 2026, 2:05 PM' (local time). */
export function formatDateTime(iso: string, language: string): string {
  const d = dayjs(iso);
  return d.isValid() ? dateTimeFormat(language, DAY_AND_TIME).format(d.toDate()) : iso;
}

const TYPED_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day typed in a date field: 'DD/MM/YYYY' (how French and English users here write it) or 'YYYY-MM-DD' →
 * 'YYYY-MM-DD', or null when it is no real day (31/02/2026). dayjs would need its parsing plugin for this.
 */
export function parseDay(text: string): string | null {
  const s = text.trim();
  const typed = TYPED_DAY.exec(s);
  const iso = ISO_DAY.exec(s);
  const [y, m, d] = typed
    ? [Number(typed[3]), Number(typed[2]), Number(typed[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [Number.NaN, Number.NaN, Number.NaN];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime()) || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** A count as people read it in the language: 19800 → '19 800' (fr), '19,800' (en). */
export const formatNumber = (n: number, language: string, digits = 0) =>
  numberFormat(language, count(digits)).format(n);

/**
 * A time from now, rounded to what a person plans with: 45 s → 'dans 45 s', 130 s → 'dans 3 min', 2 h 10 →
 * 'dans 2 h' ('in 45 sec.', 'in 3 min.', 'in 2 hr.' in English).
 */
export function formatIn(seconds: number, language: string): string {
  const f = relativeTimeFormat(language, { style: 'short', numeric: 'always' });
  if (seconds < 60) return f.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return f.format(Math.ceil(seconds / 60), 'minute');
  return f.format(Math.round(seconds / 3600), 'hour');
}
