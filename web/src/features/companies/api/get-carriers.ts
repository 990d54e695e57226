import type { Contact } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** Every carrier, for the company form's carriers (one page of 500, spec 1 §9). */
export const useCarriers = () =>
  useQuery({
    queryKey: ['contacts', 'carriers', 'all'],
    queryFn: () =>
      callRoute(routes.contactList, {
        query: {
          filters: [{ field: 'type', op: 'eq', values: ['carrier'] }],
          sort: [{ field: 'code', desc: false }],
          paginate: 500,
        },
      }),
    select: (page) => page.data as Contact[],
  });
