import type { Attribute } from '@cellar/shared/referential/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';

/** The attributes of a sub-family, in form order. The referential ships with the product: it never goes stale. */
export const familyAttributesQueryOptions = (subFamilyId: string) =>
  queryOptions({
    queryKey: ['product-families', subFamilyId, 'attributes'],
    queryFn: () => callRoute(routes.familyAttributes, { params: { id: subFamilyId } }) as Promise<Attribute[]>,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useFamilyAttributes = (subFamilyId: string | null | undefined) =>
  useQuery({ ...familyAttributesQueryOptions(subFamilyId ?? ''), enabled: Boolean(subFamilyId) });
