import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** Every carrier, for the company form's carriers (one page of 500, spec 1 §9). */
const CARRIERS_QUERY = {
  filters: [{ field: 'type', op: 'eq' as const, values: ['carrier'] }],
  sort: [{ field: 'code', desc: false }],
  paginate: 500,
};

export const useCarriers = () =>
  useQuery({
    queryKey: routeKey(routes.contactList, undefined, CARRIERS_QUERY),
    queryFn: () => callRoute(routes.contactList, { query: CARRIERS_QUERY }),
    select: (page) => page.data,
  });
