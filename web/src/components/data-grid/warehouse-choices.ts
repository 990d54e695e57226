import { useQuery } from '@tanstack/react-query';
import { warehousesQueryOptions } from '../../lib/reference-data';
import type { Choice } from './choice-filter';

/**
 * The choices of a warehouse column's filter (ids, shown as codes): the user's warehouses, every warehouse for
 * a superadmin.
 */
export const useWarehouseChoices = () =>
  useQuery({
    ...warehousesQueryOptions(),
    select: (warehouses): Choice[] => warehouses.map((w) => ({ value: w.id, text: `${w.code} - ${w.name}` })),
  });
