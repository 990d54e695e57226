import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The companies of the carrier matrix: those shipping B2C parcels, with their permissions. */
const MATRIX_COMPANIES_QUERY = {
  filters: [{ field: 'segments.code', op: 'eq' as const, values: ['B2C'] }],
  sort: [{ field: 'code', desc: false }],
  include: ['permissions'],
  paginate: MAX_PAGE_SIZE,
};

export const useMatrixCompanies = () =>
  useQuery({
    queryKey: routeKey(routes.companyList, undefined, MATRIX_COMPANIES_QUERY),
    queryFn: () => callRoute(routes.companyList, { query: MATRIX_COMPANIES_QUERY }),
    select: (page) => page.data,
  });
