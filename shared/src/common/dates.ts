/** Calendar dates as the warehouses live them: one time zone for the provider's sites (spec 2 §9). */

export const WAREHOUSE_TIME_ZONE = 'Europe/Paris';

/** Today's date (YYYY-MM-DD) in a time zone, the day a "not before today" rule compares with. */
export function todayIn(timeZone: string = WAREHOUSE_TIME_ZONE, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A YYYY-MM-DD date is today or later in that time zone. */
export const notBeforeToday = (date: string, now?: Date, timeZone?: string) => date >= todayIn(timeZone, now);
