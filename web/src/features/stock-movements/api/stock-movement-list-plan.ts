/**
 * What the stock-movement list asks first, for its grid and for its route's loader: beside the user, the
 * warehouses and qualities its filters offer, the column layout and the first page.
 */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';
import { queryClient } from '../../../lib/query-client';
import { stockQualitiesQueryOptions, warehousesQueryOptions } from '../../../lib/reference-data';

export const stockMovementListPlan: ListPlan<typeof routes.stockMovementList> = {
  route: routes.stockMovementList,
  slug: 'stock-movement',
  defaultSort: [{ field: 'date', desc: true }],
  fixedFilters: [],
  include: [
    'warehouse',
    'stock',
    'stock.product',
    'segment',
    'order',
    'order.recipient',
    'reception',
    'reception.supplier',
  ],
};

export function prefetchStockMovementList(url: URL) {
  void queryClient.prefetchQuery(warehousesQueryOptions());
  void queryClient.prefetchQuery(stockQualitiesQueryOptions());
  prefetchList(stockMovementListPlan, url);
}
