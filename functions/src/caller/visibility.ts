/**
 * Tenancy: whose records a caller sees. The superadmin sees every owner's (and may name one in a list's filter);
 * anyone else, whatever its role, only its own company's: another company's record does not exist for them (404).
 * Within its company, a user works in the warehouses it is attached to (`user.warehouseIds`): its documents come
 * from them, and it sees those that touch one of them.
 */
import { SEGMENT_CODES, type SegmentCode } from '@cellar/shared/common/schemas';
import { type Condition, namedOwner } from '@cellar/shared/filter/query';

/** What tenancy needs to know of a caller (principal.ts): these rules stand on nothing else, so every layer may ask them. */
export interface Viewer {
  isSuperadmin: boolean;
  /** The owner company of the caller's data. */
  tenantId: string;
}

/** Whether a record of this owner company exists for the viewer. */
export const seesOwner = (viewer: Viewer, ownerId: string): boolean =>
  viewer.isSuperadmin || ownerId === viewer.tenantId;

/**
 * The one owner a list reads: the viewer's own company, or for the superadmin the owner its filter names
 * (`<field> eq <one id>`); undefined when the superadmin names none: every owner.
 */
export function listedOwner(viewer: Viewer, filters: readonly Condition[], field = 'owner.id'): string | undefined {
  if (!viewer.isSuperadmin) return viewer.tenantId;
  return namedOwner(filters, field);
}

/**
 * The owners a list may read several of (stock lines): the viewer's own company, or for the superadmin every owner
 * its `owner.id eq` filter names; undefined when it names none: every owner.
 */
export function listedOwners(viewer: Viewer, filters: readonly Condition[]): string[] | undefined {
  if (!viewer.isSuperadmin) return [viewer.tenantId];
  return filters.find((c) => c.field === 'owner.id' && c.op === 'eq')?.values;
}

/** The warehouses a viewer sees: every one for the superadmin, else those of its company. */
export function warehousesSeen<W extends { id: string }>(
  viewer: Viewer,
  all: Iterable<W>,
  companyWarehouseIds: readonly string[],
): W[] {
  const own = new Set(companyWarehouseIds);
  return [...all].filter((w) => viewer.isSuperadmin || own.has(w.id));
}

/**
 * The segments of a client's records a viewer sees: null means every one (the superadmin, or a company serving
 * both); else its company's segments, and records of none.
 */
export function segmentsSeen(
  viewer: Viewer & { company: { segments: readonly SegmentCode[] } },
): (SegmentCode | null)[] | null {
  if (viewer.isSuperadmin) return null;
  const own = viewer.company.segments;
  if (SEGMENT_CODES.every((s) => own.includes(s))) return null;
  return [...own, null];
}

/** What the warehouse restriction needs to know of a caller. */
export interface WarehouseWorker {
  isSuperadmin: boolean;
  user: { warehouseIds: readonly string[] };
  company: { warehouseIds: readonly string[] };
}

/**
 * Whether the caller works in a warehouse: the superadmin in every one, anyone else in those its user is attached
 * to. A document's warehouse, or a lot an order takes from, must be one of them.
 * @example worksIn(caller, reception.warehouseId)
 */
export const worksIn = (worker: Pick<WarehouseWorker, 'isSuperadmin' | 'user'>, warehouseId: string): boolean =>
  worker.isSuperadmin || worker.user.warehouseIds.includes(warehouseId);

/**
 * The warehouses whose documents a caller sees: null means every one (the superadmin, or a user attached to all of
 * its company's warehouses, whose lists then keep their counted totals); else those its user is attached to.
 */
export function warehousesWorked(worker: WarehouseWorker): ReadonlySet<string> | null {
  if (worker.isSuperadmin) return null;
  const own = new Set(worker.user.warehouseIds);
  return worker.company.warehouseIds.every((w) => own.has(w)) ? null : own;
}

/**
 * Whether a document touching these warehouses is the caller's to see (`warehousesWorked`): one of them is the
 * caller's, or it touches none yet (a draft without lines).
 */
export const seesWarehouses = (worked: ReadonlySet<string> | null, warehouseIds: readonly string[]): boolean =>
  !worked || warehouseIds.length === 0 || warehouseIds.some((w) => worked.has(w));
