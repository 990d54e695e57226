import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

const suppliersQuery = (ownerId: string) => ({
  filters: [
    { field: 'type', op: 'eq' as const, values: ['supplier'] },
    { field: 'owner.id', op: 'eq' as const, values: [ownerId] },
  ],
  sort: [{ field: 'code', desc: false }],
  paginate: 500,
});

/** The suppliers of an owner, for a top agent's products. */
export const useSuppliers = (ownerId: string | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: routeKey(routes.contactList, undefined, suppliersQuery(ownerId ?? '')),
    queryFn: () => callRoute(routes.contactList, { query: suppliersQuery(ownerId ?? '') }),
    select: (page) => page.data,
    enabled: enabled && Boolean(ownerId),
  });
