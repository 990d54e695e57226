import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The carriers of B2C parcels: segment B2C, or none (spec 1 §7), in one page of 500 (spec 1 §9). */
const B2C_CARRIERS_QUERY = {
  filters: [
    { field: 'type', op: 'eq' as const, values: ['carrier'] },
    { field: 'segment', op: 'eq' as const, values: ['B2C', 'NULL'] },
  ],
  sort: [{ field: 'code', desc: false }],
  paginate: 500,
};

export const useB2cCarriers = () =>
  useQuery({
    queryKey: routeKey(routes.contactList, undefined, B2C_CARRIERS_QUERY),
    queryFn: () => callRoute(routes.contactList, { query: B2C_CARRIERS_QUERY }),
    select: (page) => page.data,
  });
