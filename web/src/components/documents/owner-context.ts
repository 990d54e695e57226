/** What an order or reception form needs to know of its owner: its segments, whether it is pooled, its warehouses. */
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Warehouse } from '@cellar/shared/warehouses/schemas';

export interface OwnerContext {
  pooled: boolean;
  segments: SegmentCode[];
  /** The owner's warehouses the user works in (a user attached to some of them: those only). */
  warehouses: Warehouse[];
  /** The user works in some of the owner's warehouses only: what it looks for is in those. */
  restricted: boolean;
}

export const NO_OWNER: OwnerContext = { pooled: false, segments: [], warehouses: [], restricted: false };

/** The one choice there is, when there is only one. */
export const onlyChoice = <T>(list: readonly T[]): T | null => (list.length === 1 ? (list[0] ?? null) : null);
