import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** What the edit form shows, and what a create or an update answers. */
export const CONTACT_DETAIL_QUERY = { include: ['owner', 'warehouse', 'services'] };

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.contactGet, { id }, CONTACT_DETAIL_QUERY),
    queryFn: () => callRoute(routes.contactGet, { params: { id }, query: CONTACT_DETAIL_QUERY }),
  });

export const useContact = (id: string) => useQuery(contactQueryOptions(id));
