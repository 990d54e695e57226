/**
 * What the shipping-order list asks first, for its grid and for its route's loader: beside the user, the warehouses
 * its filter offers, the column layout and the first page. The owner comes with every row (a client's own), so the
 * first page is the same query for every role.
 */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';
import { queryClient } from '../../../lib/query-client';
import { warehousesQueryOptions } from '../../../lib/reference-data';

export const shippingOrderListPlan: ListPlan<typeof routes.shippingOrderList> = {
  route: routes.shippingOrderList,
  slug: 'shipping-order',
  defaultSort: [{ field: 'createdAt', desc: true }],
  fixedFilters: [],
  include: ['deliveryAddress', 'pickupAddress', 'warehouse', 'owner'],
};

export function prefetchShippingOrderList(url: URL) {
  void queryClient.prefetchQuery(warehousesQueryOptions());
  prefetchList(shippingOrderListPlan, url);
}
