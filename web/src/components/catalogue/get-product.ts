import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';
import { routeKey } from '../../lib/route-key';

/** What the detail and the form show, and what a create or an update answers. */
export const PRODUCT_INCLUDE = ['owner', 'warehouse', 'supplier', 'family'];

/** One product. */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.productGet, { id }, { include: PRODUCT_INCLUDE }),
    queryFn: () =>
      callRoute(routes.productGet, {
        params: { id },
        query: { include: PRODUCT_INCLUDE },
        // An unknown product is answered by the page (a redirection), not by a notice.
        quietStatuses: [404, 422],
      }),
  });

export const useProduct = (id: string | null) => useQuery({ ...productQueryOptions(id ?? ''), enabled: Boolean(id) });
