/**
 * The product's clock: the instant a record is stamped with (created, changed, moved, shipped) and the day every
 * "today" is read from. It is the system's everywhere, in Lambda as in the browser. The one other reading is the
 * local demo's seed, which writes a year of history through the product's own services, each call at an instant of
 * the past (infra/local/seed/clock.ts): so the history's orders, receptions, movements and counters are what the
 * product itself writes, in the months they belong to.
 *
 * Times that measure the machine rather than the business (leases, expiries, throttles, time budgets, caches,
 * durations) read `Date.now()` itself: an instant of the past would expire them at once.
 */
let read: () => number = Date.now;

export const clock = {
  /** Now, as a Date. */
  now: (): Date => new Date(read()),
  /** Now, as an ISO string (how records are stamped). */
  iso: (): string => new Date(read()).toISOString(),
};

/**
 * Where the clock reads from, from now on; `Date.now` puts the system's back. Only the local demo's seed turns it,
 * and only around its own calls.
 */
export function readClockFrom(source: () => number): void {
  read = source;
}
