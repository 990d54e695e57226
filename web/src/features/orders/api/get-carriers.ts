import type { SegmentCode } from '@cellar/shared/common/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/**
 * The carriers an order of the owner may use (spec 2 §7): for B2C those with services the owner may use, with
 * those services; for B2B the carrier contacts it may use that serve B2B or every segment.
 */
export function useOwnerCarriers(ownerId: string | null, segment: SegmentCode | null) {
  const type = segment === 'B2C' ? 'services' : 'contacts';
  const params = { id: ownerId ?? '', type } as const;
  return useQuery({
    queryKey: routeKey(routes.companyCarriers, params),
    queryFn: () => callRoute(routes.companyCarriers, { params }),
    select: (carriers) => carriers.filter((c) => c.segment === null || segment === null || c.segment === segment),
    enabled: Boolean(ownerId && segment),
    staleTime: 60_000,
  });
}

export type OwnerCarrier = NonNullable<ReturnType<typeof useOwnerCarriers>['data']>[number];
