/** The activity statistics' period, as the route checks it and the service reads it. */
import { todayIn } from '../common/dates';

/**
 * The statistics' period as a request names it: a bound not given is the current year's (Paris) — January 1st, or
 * December 31st — so a lone bound is checked like two.
 */
export function statsPeriod(q: { start_date?: string; end_date?: string }, today: string = todayIn()) {
  const year = today.slice(0, 4);
  return { start: q.start_date ?? `${year}-01-01`, end: q.end_date ?? `${year}-12-31` };
}
