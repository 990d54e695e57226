import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

const SUPPLIER_PAGE_SIZE = 500;

/** The suppliers of an owner, for a top agent's products. */
export const useSuppliers = (ownerId: string | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['contacts', 'suppliers', ownerId],
    queryFn: () =>
      callRoute(routes.contactList, {
        query: {
          filters: [
            { field: 'type', op: 'eq', values: ['supplier'] },
            { field: 'owner.id', op: 'eq', values: [ownerId ?? ''] },
          ],
          sort: [{ field: 'code', desc: false }],
          paginate: SUPPLIER_PAGE_SIZE,
        },
      }),
    select: (page) => page.data,
    enabled: enabled && Boolean(ownerId),
  });
