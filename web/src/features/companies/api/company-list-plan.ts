/** What the client-account list asks first, for its grid and for its route's loader (prefetched beside the user). */
import { routes } from '@cellar/shared/routes/table';
import { type ListPlan, prefetchList } from '../../../components/data-grid/list-prefetch';

export const companyListPlan: ListPlan<typeof routes.companyList> = {
  route: routes.companyList,
  slug: 'company',
  defaultSort: [{ field: 'code', desc: false }],
  fixedFilters: [],
  include: ['address', 'warehouses', 'segments'],
};

export const prefetchCompanyList = (url: URL) => prefetchList(companyListPlan, url);
