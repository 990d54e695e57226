import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Condition } from '@cellar/shared/filter/query';

export interface ReceptionProductsScope {
  ownerId: string | null;
  warehouseId: string | null;
  /** The reception's segment; null for a pooled owner. */
  segment: SegmentCode | null;
}

/**
 * The products a reception may receive (spec 3 §7): visible ones of the owner in the warehouse, with stock in the
 * segment or none.
 */
export const receptionProductFilters = ({ ownerId, warehouseId, segment }: ReceptionProductsScope): Condition[] => [
  { field: 'hidden', op: 'eq', values: ['false'] },
  ...(ownerId ? [{ field: 'owner.id', op: 'eq' as const, values: [ownerId] }] : []),
  ...(warehouseId ? [{ field: 'warehouse.uuid', op: 'eq' as const, values: [warehouseId] }] : []),
  ...(segment ? [{ field: 'stocks.segment', op: 'eq' as const, values: [segment, 'NULL'] }] : []),
];
