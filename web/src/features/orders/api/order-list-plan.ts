/** What the order list asks first, for its grid and for its route's loader (prefetched beside the user). */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';

export const orderListPlan: ListPlan<typeof routes.orderList> = {
  route: routes.orderList,
  slug: 'order',
  defaultSort: [{ field: 'createdAt', desc: true }],
  fixedFilters: [],
  include: ['owner', 'recipient', 'carrier', 'carrier.owner', 'warehouse', 'segment'],
};

export const prefetchOrderList = (url: URL) => prefetchList(orderListPlan, url);
