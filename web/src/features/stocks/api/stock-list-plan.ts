/**
 * What the stock list asks first, for its grid and for its route's loader: beside the user, the families and
 * attributes its columns are built from, the column layout and the first page.
 */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';
import { queryClient } from '../../../lib/query-client';
import { attributeGroupsQueryOptions, productFamiliesQueryOptions } from '../../../lib/reference-data';

export const stockListPlan: ListPlan<typeof routes.stockList> = {
  route: routes.stockList,
  slug: 'stock',
  defaultSort: [{ field: 'product.code', desc: false }],
  fixedFilters: [],
  include: ['warehouse', 'product', 'segment', 'owner'],
};

export function prefetchStockList(url: URL) {
  void queryClient.prefetchQuery(attributeGroupsQueryOptions());
  void queryClient.prefetchQuery(productFamiliesQueryOptions());
  prefetchList(stockListPlan, url);
}
