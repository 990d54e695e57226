/** Calendar dates as the warehouses live them: one time zone for the provider's sites (spec 2 §9). */

import { clock } from './clock';

export const WAREHOUSE_TIME_ZONE = 'Europe/Paris';

/** Today's date (YYYY-MM-DD) in a time zone, the day a "not before today" rule compares with. */
export function todayIn(timeZone: string = WAREHOUSE_TIME_ZONE, now: Date = clock.now()): string {
  return dayFormat(timeZone).format(now);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per time zone (a list checks thousands of rows' days); en-CA writes dates as YYYY-MM-DD. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The day (YYYY-MM-DD) an instant falls on in a time zone: '2026-01-31T23:30:00Z' is the 1st of February in Paris.
 * A list's day filter and its daily counters count days so.
 */
export const dayIn = (instant: string, timeZone: string = WAREHOUSE_TIME_ZONE) => todayIn(timeZone, new Date(instant));

/** A YYYY-MM-DD date is today or later in that time zone. */
export const notBeforeToday = (date: string, now?: Date, timeZone?: string) => date >= todayIn(timeZone, now);

/** How far a time zone's wall clock is ahead of UTC at an instant (ms). */
function zoneOffset(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return wall - (at - (at % 1000));
}

/**
 * The instant a day (YYYY-MM-DD) begins in a time zone, as an ISO string: '2026-11-01' in Paris →
 * '2026-10-31T23:00:00.000Z'. The offset is read at the guess and again at the answer, for the days the clocks change.
 */
export function startOfDayIn(day: string, timeZone: string = WAREHOUSE_TIME_ZONE): string {
  const wall = Date.parse(`${day}T00:00:00Z`);
  const guess = wall - zoneOffset(timeZone, wall);
  return new Date(wall - zoneOffset(timeZone, guess)).toISOString();
}

/** The last instant (ms) of a day in a time zone, as an ISO string. */
export function endOfDayIn(day: string, timeZone: string = WAREHOUSE_TIME_ZONE): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return new Date(Date.parse(startOfDayIn(next, timeZone)) - 1).toISOString();
}
