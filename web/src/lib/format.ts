/** Dates as people read them in the current language. */
import dayjs from 'dayjs';

/** '2026-03-12' (a calendar day, read in local time) → '12 mars 2026' / 'Mar 12, 2026'. */
export function formatDay(isoDay: string, language: string): string {
  const d = dayjs(isoDay);
  return d.isValid() ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(d.toDate()) : isoDay;
}
