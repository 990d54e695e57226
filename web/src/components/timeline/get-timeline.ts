import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';
import { routeKey } from '../../lib/route-key';

/** The documents that keep a timeline. */
export type TimelineKind = 'order' | 'reception';

const ROUTES = { order: routes.orderTimeline, reception: routes.receptionTimeline } as const;

/**
 * A document's events, oldest first. Keyed under the document's resource: what changes an order or a reception
 * (a status change, a cancellation) makes its timeline stale too. A failure is said in place, with a retry.
 */
export const timelineQueryOptions = (kind: TimelineKind, id: string) =>
  queryOptions({
    queryKey: routeKey(ROUTES[kind], { id }),
    queryFn: () => callRoute(ROUTES[kind], { params: { id }, quiet: true }),
  });

export const useTimeline = (kind: TimelineKind, id: string) => useQuery(timelineQueryOptions(kind, id));
