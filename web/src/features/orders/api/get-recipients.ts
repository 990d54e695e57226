import type { SegmentCode } from '@cellar/shared/common/schemas';
import { routes } from '@cellar/shared/routes/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The contact search: 20 a page, from 1 character (spec 2 §7). */
const PAGE_SIZE = 20;

/** The owner's recipients of the order's segment (or of none) matching a search. */
export function useRecipientSearch(ownerId: string | null, segment: SegmentCode | null, search: string) {
  const query = {
    filters: [
      { field: 'type', op: 'eq' as const, values: ['recipient'] },
      ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
      ...(segment ? [{ field: 'segment', op: 'eq' as const, values: [segment, 'NULL'] }] : []),
      ...(search.trim() ? [{ field: 'search', op: 'eq' as const, values: [search.trim()] }] : []),
    ],
    sort: [{ field: 'code', desc: false }],
    paginate: PAGE_SIZE,
  };
  return useQuery({
    queryKey: routeKey(routes.contactList, undefined, query),
    queryFn: () => callRoute(routes.contactList, { query }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
  });
}

/** One contact (?recipient_id=, ?carrier_id=), or nothing when it cannot be read. */
export const fetchContact = (id: string) =>
  callRoute(routes.contactGet, { params: { id }, quietStatuses: [403, 404, 422] }).catch(() => null);
