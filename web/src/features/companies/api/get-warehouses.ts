import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** Every warehouse (the superadmin's list), for a company's warehouses. */
export const useWarehouses = () =>
  useQuery({
    queryKey: ['warehouses'],
    queryFn: () => callRoute(routes.warehouseList),
    staleTime: 5 * 60_000,
  });
