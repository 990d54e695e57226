/** What the contact list of a type asks first, for its grid and for its route's loader (prefetched beside the user). */
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';

export const contactListPlan = (type: ContactType): ListPlan<typeof routes.contactList> => ({
  route: routes.contactList,
  slug: type,
  defaultSort: [{ field: 'code', desc: false }],
  fixedFilters: [{ field: 'type', op: 'eq', values: [type] }],
  include: ['owner', 'warehouse'],
});

export const prefetchContactList = (type: ContactType, url: URL) => prefetchList(contactListPlan(type), url);
