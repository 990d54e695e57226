import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The companies of the carrier matrix: those shipping B2C parcels, with their permissions. */
export const matrixCompaniesQueryKey = ['companies', 'carrier-matrix'] as const;

export const useMatrixCompanies = () =>
  useQuery({
    queryKey: matrixCompaniesQueryKey,
    queryFn: () =>
      callRoute(routes.companyList, {
        query: {
          filters: [{ field: 'segments.code', op: 'eq', values: ['B2C'] }],
          sort: [{ field: 'code', desc: false }],
          include: ['permissions'],
          paginate: MAX_PAGE_SIZE,
        },
      }),
    select: (page) => page.data,
  });
