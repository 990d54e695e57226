/**
 * The product grid of the order and reception forms (spec 2 §7, spec 3 §7): a page of products within the form's
 * own scope (owner, warehouses, segment, stock), searched from 3 characters.
 */
import type { Condition } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client';
import { routeKey } from '../../lib/route-key';

/** The product search starts at 3 characters (spec 3 §5). */
export const PRODUCT_SEARCH_MIN = 3;
const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 400;

/** The query of one page: the scope's filters, and the search once it is long enough. */
export function productsQuery(
  scope: readonly Condition[],
  search: string,
  page: number,
  include: readonly string[] = [],
) {
  const filters: Condition[] = [
    ...scope,
    ...(search.trim().length >= PRODUCT_SEARCH_MIN
      ? [{ field: 'search', op: 'eq' as const, values: [search.trim()] }]
      : []),
  ];
  return {
    filters,
    sort: [{ field: 'code', desc: false }],
    paginate: PAGE_SIZE,
    page,
    ...(include.length ? { include: [...include] } : {}),
  };
}

/** The grid's state: what is typed, the page, and the products found (debounced). */
export function useProductSearch(scope: readonly Condition[], initialSearch = '', include: readonly string[] = []) {
  const [search, setTyped] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const query = productsQuery(scope, debounced, page, include);
  const products = useQuery({
    queryKey: routeKey(routes.productList, undefined, query),
    queryFn: () => callRoute(routes.productList, { query }),
    placeholderData: keepPreviousData,
  });
  const setSearch = (value: string) => {
    setTyped(value);
    setPage(1);
  };
  return { search, setSearch, page, setPage, products };
}

export type ProductSearch = ReturnType<typeof useProductSearch>;
