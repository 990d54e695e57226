import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';
import type { Choice } from './choice-filter';

/**
 * The choices of a warehouse column's filter (ids, shown as codes): the user's warehouses, every warehouse for
 * a superadmin.
 */
export const useWarehouseChoices = () =>
  useQuery({
    queryKey: ['warehouses'],
    queryFn: () => callRoute(routes.warehouseList),
    staleTime: 5 * 60_000,
    select: (warehouses): Choice[] => warehouses.map((w) => ({ value: w.id, text: `${w.code} - ${w.name}` })),
  });
