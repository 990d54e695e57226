import type { Product } from '@cellar/shared/products/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';

const PRODUCT_INCLUDE = ['owner', 'warehouse', 'supplier', 'family'];

/** One product with what its detail and its form show. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', id],
    queryFn: () =>
      callRoute(routes.productGet, {
        params: { id },
        query: { include: PRODUCT_INCLUDE },
        // An unknown product is answered by the page (a redirection), not by a notice.
        quietStatuses: [404, 422],
      }) as Promise<Product>,
  });

export const useProduct = (id: string | null) => useQuery({ ...productQueryOptions(id ?? ''), enabled: Boolean(id) });
