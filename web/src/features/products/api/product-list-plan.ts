/**
 * What the product list asks first, for its grid and for its route's loader: beside the user, the families and
 * attributes its columns are built from, the column layout and the first page.
 */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';
import { queryClient } from '../../../lib/query-client';
import {
  attributeGroupsQueryOptions,
  productFamiliesQueryOptions,
  warehousesQueryOptions,
} from '../../../lib/reference-data';

export const productListPlan: ListPlan<typeof routes.productList> = {
  route: routes.productList,
  slug: 'product',
  defaultSort: [{ field: 'code', desc: false }],
  fixedFilters: [],
  include: ['owner', 'warehouse', 'family'],
};

export function prefetchProductList(url: URL) {
  void queryClient.prefetchQuery(attributeGroupsQueryOptions());
  void queryClient.prefetchQuery(productFamiliesQueryOptions());
  void queryClient.prefetchQuery(warehousesQueryOptions());
  prefetchList(productListPlan, url);
}
