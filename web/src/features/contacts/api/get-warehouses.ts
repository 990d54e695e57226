import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** Every warehouse for a superadmin, the company's for the others. */
export const useWarehouses = () =>
  useQuery({
    queryKey: ['warehouses'],
    queryFn: () => callRoute(routes.warehouseList),
    staleTime: 5 * 60_000,
  });
