/** What the reception list asks first, for its grid and for its route's loader (prefetched beside the user). */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';

export const receptionListPlan: ListPlan<typeof routes.receptionList> = {
  route: routes.receptionList,
  slug: 'reception',
  defaultSort: [{ field: 'createdAt', desc: true }],
  fixedFilters: [],
  include: ['supplier', 'owner', 'warehouse'],
};

export const prefetchReceptionList = (url: URL) => prefetchList(receptionListPlan, url);
