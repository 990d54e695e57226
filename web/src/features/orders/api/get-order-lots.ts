/**
 * The stock lines (lots) an order may take from (spec 2 §7, §9): the owner's, of the shown products, with something
 * available in a sellable quality (not BLO, NC, NCO), in the chosen warehouses and the order's segment (or none).
 */
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Condition } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { EXCLUDED_QUALITIES } from '@cellar/shared/stocks/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

export interface OrderScope {
  /** The superadmin's chosen owner (others: their company, from the token). */
  ownerId: string | null;
  /** Null for a pooled owner. */
  segment: SegmentCode | null;
  /** The warehouse filter; empty means every warehouse of the user. */
  warehouseIds: readonly string[];
}

const LOTS_PAGE = 500;

export const orderLotFilters = ({ ownerId, segment, warehouseIds }: OrderScope): Condition[] => [
  { field: 'available', op: 'gt', values: ['0'] },
  { field: 'quality', op: 'notIn', values: [...EXCLUDED_QUALITIES] },
  ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
  ...(segment ? [{ field: 'segment', op: 'eq' as const, values: [segment, 'NULL'] }] : []),
  ...(warehouseIds.length ? [{ field: 'warehouse.id', op: 'eq' as const, values: [...warehouseIds] }] : []),
];

/** The products an order may take: visible, with sellable stock in the scope (spec 2 §7 external filters). */
export const orderProductFilters = ({ ownerId, segment, warehouseIds }: OrderScope): Condition[] => [
  { field: 'hidden', op: 'eq', values: ['false'] },
  { field: 'stocks.available', op: 'gt', values: ['0'] },
  { field: 'stocks.quality', op: 'notIn', values: [...EXCLUDED_QUALITIES] },
  ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
  ...(segment ? [{ field: 'stocks.segment', op: 'eq' as const, values: [segment, 'NULL'] }] : []),
  ...(warehouseIds.length ? [{ field: 'warehouse.uuid', op: 'eq' as const, values: [...warehouseIds] }] : []),
];

/** The lots of some products (those on the grid's page, or the one being ordered). */
export function orderLotsQueryOptions(scope: OrderScope, productIds: readonly string[]) {
  const query = {
    filters: [...orderLotFilters(scope), { field: 'product.id', op: 'eq' as const, values: [...productIds].sort() }],
    include: ['warehouse'],
    paginate: LOTS_PAGE,
  };
  return queryOptions({
    queryKey: routeKey(routes.stockList, undefined, query),
    queryFn: async () => (await callRoute(routes.stockList, { query })).data,
  });
}

export const useOrderLots = (scope: OrderScope, productIds: readonly string[]) =>
  useQuery({
    ...orderLotsQueryOptions(scope, productIds),
    placeholderData: keepPreviousData,
    enabled: productIds.length > 0,
  });
