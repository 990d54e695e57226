import type { ContactType } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** Shipping orders load the owner's contacts of a type 500 at a time (spec 2 §7, §9). */
const PAGE_SIZE = 500;

const contactsQuery = (type: ContactType, ownerId: string | null) => ({
  filters: [
    { field: 'type', op: 'eq' as const, values: [type] },
    ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
  ],
  sort: [{ field: 'code', desc: false }],
  paginate: PAGE_SIZE,
});

/** The owner's senders (suppliers) or recipients; the superadmin's only once an account is chosen. */
export function useOwnerContacts(type: 'supplier' | 'recipient', ownerId: string | null, enabled: boolean) {
  const query = contactsQuery(type, ownerId);
  return useQuery({
    queryKey: routeKey(routes.contactList, undefined, query),
    queryFn: () => callRoute(routes.contactList, { query }),
    select: (page) => page.data,
    enabled,
  });
}
