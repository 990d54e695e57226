import type { Contact } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['contacts', id],
    queryFn: () =>
      callRoute(routes.contactGet, {
        params: { id },
        query: { include: ['owner', 'warehouse', 'services'] },
      }) as Promise<Contact>,
  });

export const useContact = (id: string) => useQuery(contactQueryOptions(id));
