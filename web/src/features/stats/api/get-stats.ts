import { routes } from '@cellar/shared/routes/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { dailyCounts } from '../utils/pivot';

export interface DateRange {
  /** YYYY-MM-DD, both included. */
  start: string;
  end: string;
}

/** The daily page-view counters of a date range (one's company's, every company's for a superadmin). */
export const useStats = ({ start, end }: DateRange) =>
  useQuery({
    queryKey: ['activity-logs', 'stats', start, end],
    queryFn: async () =>
      dailyCounts(await callRoute(routes.activityStats, { query: { params: { start_date: start, end_date: end } } })),
    placeholderData: keepPreviousData,
  });
