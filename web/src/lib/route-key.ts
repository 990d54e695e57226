/**
 * Query keys derived from the route table, so that a cached answer is named by what was asked: the route's
 * resource first (a change to a resource invalidates everything read from it), then the route's name, its path
 * parameters and its query. Two screens asking a route the same thing share one cache entry.
 */

import type { RouteDef } from '@cellar/shared/api/route';
import type { ListQuery } from '@cellar/shared/filter/query';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import type { ParamsOf } from './api-client';

const names = new Map<RouteDef, RouteId>(Object.entries(routes).map(([name, route]) => [route, name as RouteId]));

/** A route's name is its key in the table. */
export function routeName(route: RouteDef): RouteId {
  const name = names.get(route);
  if (!name) throw new Error(`${route.method} ${route.path} is not a route of the table`);
  return name;
}

/**
 * The key of a call to a route. Without params and query it is the prefix of every call to that route
 * (invalidateQueries matches by prefix).
 * @example routeKey(routes.contactGet, { id }, { include: ['owner'] })
 */
export function routeKey<R extends RouteDef>(route: R, params?: ParamsOf<R>, query?: Partial<ListQuery>) {
  const rest = query ? [params ?? {}, query] : params ? [params] : [];
  return [route.resource, routeName(route), ...rest] as const;
}

/** The prefix of every key read from a resource: what a change to that resource makes stale. */
export const resourceKey = (route: RouteDef) => [route.resource] as const;
