import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

/** The caller's company's warehouses (every warehouse for a superadmin). */
export const useWarehouses = (enabled = true) =>
  useQuery({
    queryKey: ['warehouses'],
    queryFn: () => callRoute(routes.warehouseList),
    staleTime: 5 * 60_000,
    enabled,
  });
