import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Condition } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

/** The product search starts at 3 characters (spec 3 §5). */
export const PRODUCT_SEARCH_MIN = 3;
const PAGE_SIZE = 20;

export interface ReceptionProductsInput {
  ownerId: string | null;
  warehouseId: string | null;
  /** The reception's segment; null for a pooled owner. */
  segment: SegmentCode | null;
  search: string;
  page: number;
}

/**
 * The products a reception may receive (spec 3 §7): visible ones of the owner in the warehouse, with stock in the
 * segment or none, searched from 3 characters.
 */
export function receptionProductsQuery({ ownerId, warehouseId, segment, search, page }: ReceptionProductsInput) {
  const filters: Condition[] = [
    { field: 'hidden', op: 'eq', values: ['false'] },
    ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
    ...(warehouseId ? [{ field: 'warehouse.uuid', op: 'eq' as const, values: [warehouseId] }] : []),
    ...(segment ? [{ field: 'stocks.segment', op: 'eq' as const, values: [segment, 'NULL'] }] : []),
    ...(search.trim().length >= PRODUCT_SEARCH_MIN
      ? [{ field: 'search', op: 'eq' as const, values: [search.trim()] }]
      : []),
  ];
  return { filters, sort: [{ field: 'code', desc: false }], paginate: PAGE_SIZE, page };
}

export function useReceptionProducts(input: ReceptionProductsInput, enabled: boolean) {
  const query = receptionProductsQuery(input);
  return useQuery({
    queryKey: routeKey(routes.productList, undefined, query),
    queryFn: () => callRoute(routes.productList, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
