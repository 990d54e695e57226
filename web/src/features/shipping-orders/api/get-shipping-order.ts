import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, callRoute } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { routeKey } from '../../../lib/route-key';

/** What the detail and the status modal show of one shipping order (spec 2 §7). */
export const SHIPPING_ORDER_QUERY = { include: ['deliveryAddress', 'pickupAddress', 'warehouse'] };

export const shippingOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.shippingOrderGet, { id }, SHIPPING_ORDER_QUERY),
    queryFn: () =>
      callRoute(routes.shippingOrderGet, {
        params: { id },
        query: SHIPPING_ORDER_QUERY,
        // An unknown shipping order is answered by the page (/404), not by a notice.
        quietStatuses: [404, 422],
      }),
  });

/** The shipping order a page's loader has fetched. */
export const useShippingOrder = (id: string) => useSuspenseQuery(shippingOrderQueryOptions(id)).data;

/** A shipping order before its page, or /404 when it is unknown (spec 2 §8). */
export async function loadShippingOrder(id: string | null | undefined) {
  try {
    if (!id) throw new ApiError(404, undefined, 'Not found');
    return await queryClient.fetchQuery(shippingOrderQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw redirect(paths.notFound.path);
    }
    throw error;
  }
}
