import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Condition } from '@cellar/shared/filter/query';
import { routes } from '@cellar/shared/routes/table';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { routeKey } from '../../../lib/route-key';

export interface ProductStocksInput {
  productId: string;
  warehouseId: string;
  /** The reception's segment (lines of no segment too); null for a pooled owner. */
  segment: SegmentCode | null;
  batch: string;
}

/** The stock lines of a product in the reception's warehouse and segment, filtered by batch (stock selection). */
export function productStocksQuery({ productId, warehouseId, segment, batch }: ProductStocksInput) {
  const filters: Condition[] = [
    { field: 'product.id', op: 'eq', values: [productId] },
    { field: 'warehouse.id', op: 'eq', values: [warehouseId] },
    ...(segment ? [{ field: 'segment', op: 'eq' as const, values: [segment, 'NULL'] }] : []),
    ...(batch.trim() ? [{ field: 'batch', op: 'contains' as const, values: [batch.trim()] }] : []),
  ];
  return { filters, sort: [{ field: 'batch', desc: false }], paginate: 100 };
}

export function useProductStocks(input: ProductStocksInput | null) {
  const query = input ? productStocksQuery(input) : null;
  return useQuery({
    queryKey: routeKey(routes.stockList, undefined, query ?? {}),
    queryFn: () => callRoute(routes.stockList, { query: query ?? {} }),
    select: (page) => page.data,
    enabled: query !== null,
  });
}
