import { routes } from '@cellar/shared/routes/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';
import { dailyCounts } from '../utils/pivot';

export interface DateRange {
  /** YYYY-MM-DD, both included. */
  start: string;
  end: string;
}

const statsQuery = (start: string, end: string) => ({ params: { start_date: start, end_date: end } });

/** The daily page-view counters of a date range (one's company's, every company's for a superadmin). */
export const useStats = ({ start, end }: DateRange) =>
  useQuery({
    queryKey: routeKey(routes.activityStats, undefined, statsQuery(start, end)),
    queryFn: async () => dailyCounts(await callRoute(routes.activityStats, { query: statsQuery(start, end) })),
    placeholderData: keepPreviousData,
  });
