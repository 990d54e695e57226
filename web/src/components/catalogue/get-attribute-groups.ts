import type { Attribute } from '@cellar/shared/referential/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';

/** Every attribute, by group and id (spec 3 §3: loaded once), for the grids' attribute columns. */
export const attributeGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['attribute-groups'],
    queryFn: () => callRoute(routes.attributeGroups) as Promise<Record<string, Record<string, Attribute>>>,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The product attributes by id. */
export const useProductAttributes = () =>
  useQuery({ ...attributeGroupsQueryOptions(), select: (groups) => groups.products ?? {} });
