import { ORDER_INCLUDES } from '@cellar/shared/orders/routes';
import { orderRules } from '@cellar/shared/orders/status';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, callRoute } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { routeKey } from '../../../lib/route-key';

/** Every include of one order (spec 2 §7): what the detail and the status page show. */
export const ORDER_DETAIL_QUERY = { include: [...ORDER_INCLUDES] };

/** Status changes made elsewhere (the warehouse, another user) show within this delay, without a reload. */
export const ORDER_REFRESH_MS = 10_000;

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.orderGet, { id }, ORDER_DETAIL_QUERY),
    queryFn: () =>
      callRoute(routes.orderGet, {
        params: { id },
        query: ORDER_DETAIL_QUERY,
        // An unknown order is answered by the page (/404), not by a notice.
        quietStatuses: [404, 422],
      }),
  });

/** The order a page's loader has fetched, refreshed in the background. */
export const useOrder = (id: string) =>
  useSuspenseQuery({ ...orderQueryOptions(id), refetchInterval: ORDER_REFRESH_MS }).data;

/** An order before its page, or /404 when it is unknown (spec 2 §8); `fresh` reads it again whatever is cached. */
export async function loadOrder(id: string | null | undefined, fresh = false) {
  try {
    if (!id) throw new ApiError(404, undefined, 'Not found');
    return await queryClient.fetchQuery({ ...orderQueryOptions(id), ...(fresh ? { staleTime: 0 } : {}) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw redirect(paths.notFound.path);
    }
    throw error;
  }
}

/** An order to read: unknown → /404; a draft has no detail (it opens in the wizard) → the list. */
export async function loadViewableOrder(id: string | null | undefined) {
  const order = await loadOrder(id);
  if (!orderRules.isViewable(order.statusCode)) throw redirect(paths.orders.list.path);
  return order;
}

/**
 * An order to change in the wizard, as it is now (the warehouse may have moved it since it was cached): unknown →
 * /404; not modifiable (spec 2 §4: draft or entry) → the list.
 */
export async function loadModifiableOrder(id: string | null | undefined) {
  const order = await loadOrder(id, true);
  if (!orderRules.isModifiable(order.statusCode)) throw redirect(paths.orders.list.path);
  return order;
}
