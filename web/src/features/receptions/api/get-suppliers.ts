import { MULTI_SUPPLIER } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The contact search: 20 a page, from 1 character (spec 3 §9). */
const PAGE_SIZE = 20;

const suppliersQuery = (ownerId: string | null, search: string) => ({
  filters: [
    { field: 'type', op: 'eq' as const, values: ['supplier'] },
    ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
    ...(search.trim() ? [{ field: 'search', op: 'eq' as const, values: [search.trim()] }] : []),
  ],
  sort: [{ field: 'code', desc: false }],
  paginate: PAGE_SIZE,
});

/** The owner's suppliers matching a search (the first ones when it is empty). */
export function useSupplierSearch(ownerId: string | null, search: string) {
  const query = suppliersQuery(ownerId, search);
  return useQuery({
    queryKey: routeKey(routes.contactList, undefined, query),
    queryFn: () => callRoute(routes.contactList, { query }),
    select: (page) => page.data,
    placeholderData: keepPreviousData,
  });
}

const multiSupplierQuery = (ownerId: string | null) => ({
  filters: [
    { field: 'type', op: 'eq' as const, values: ['supplier'] },
    { field: 'code', op: 'eq' as const, values: [MULTI_SUPPLIER.code] },
    ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
  ],
  paginate: 1,
});

/** The owner's multi-supplier entry, offered first whatever the search (deliveries grouping several suppliers). */
export function useMultiSupplier(ownerId: string | null) {
  const query = multiSupplierQuery(ownerId);
  return useQuery({
    queryKey: routeKey(routes.contactList, undefined, query),
    queryFn: () => callRoute(routes.contactList, { query }),
    select: (page) => page.data[0] ?? null,
    staleTime: 5 * 60_000,
  });
}

/** One supplier (the reception's, or the one just created), to name it in the field. */
export function useSupplier(id: string | null) {
  return useQuery({
    queryKey: routeKey(routes.contactGet, { id: id ?? '' }),
    queryFn: () => callRoute(routes.contactGet, { params: { id: id ?? '' }, quietStatuses: [404, 422] }),
    enabled: Boolean(id),
  });
}
