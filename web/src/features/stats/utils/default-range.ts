/**
 * The statistics' default dates: the last 30 days, today included, as the server counts them, in the warehouses'
 * time zone (Paris): a browser in another zone, or one still on yesterday's date at 00:30 in Paris, asks for the
 * days the logs were counted on.
 */
import { todayIn } from '@cellar/shared/common/dates';
import dayjs from 'dayjs';
import type { DateRange } from '../api/get-stats';

const DAY = 'YYYY-MM-DD';

export function defaultRange(now: Date = new Date()): DateRange {
  const end = todayIn(undefined, now);
  return { start: dayjs(end).subtract(29, 'day').format(DAY), end };
}
