import type { Contact } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** Carriers fetched for the matrix in one page of 500 (spec 1 §9). */
const CARRIER_PAGE_SIZE = 500;

/** The carriers of B2C parcels: segment B2C, or none (spec 1 §7). */
export const useB2cCarriers = () =>
  useQuery({
    queryKey: ['contacts', 'carriers', 'b2c'],
    queryFn: () =>
      callRoute(routes.contactList, {
        query: {
          filters: [
            { field: 'type', op: 'eq', values: ['carrier'] },
            { field: 'segment', op: 'eq', values: ['B2C', 'NULL'] },
          ],
          sort: [{ field: 'code', desc: false }],
          paginate: CARRIER_PAGE_SIZE,
        },
      }),
    select: (page) => page.data as Contact[],
  });
