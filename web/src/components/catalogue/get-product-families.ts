import type { ProductFamily } from '@cellar/shared/referential/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';

const byName = (a: ProductFamily, b: ProductFamily) => a.name.localeCompare(b.name, 'fr');

/** The global families with their sub-families, both sorted by name (spec 3 §2). */
export const productFamiliesQueryOptions = () =>
  queryOptions({
    queryKey: ['product-families'],
    queryFn: async () => {
      const families = (await callRoute(routes.productFamilies, {
        query: {
          include: ['families'],
          sort: [{ field: 'name', desc: false }],
          filters: [{ field: 'owner_id', op: 'eq', values: ['NULL'] }],
        },
      })) as ProductFamily[];
      return [...families].sort(byName).map((f) => ({ ...f, families: [...(f.families ?? [])].sort(byName) }));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProductFamilies = () => useQuery(productFamiliesQueryOptions());
