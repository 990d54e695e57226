/**
 * The shipping order list and its CSV export (spec 2 §2, §7), answered from the list's plan, and the shipping order
 * as the API shows it. Kept apart from the writes so that the export worker does not carry them.
 */
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import { type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { shippingOrderRoutes } from '@cellar/shared/shippingOrders/routes';
import { type ShippingOrder, shippingOrderWords } from '@cellar/shared/shippingOrders/schemas';
import type { Caller } from '../caller/principal';
import { listedOwner, segmentsSeen } from '../caller/visibility';
import type { PlannedList } from '../data/list';
import { companyRef, type References, references, warehouseRef } from '../data/reference';
import type { ListAnswer } from '../platform/http/lists';
import {
  countShippingOrders,
  type ShippingOrderItem,
  shippingOrderListScope,
  shippingOrderRecords,
  shippingOrderSource,
} from './repository';

/** The shipping order as the API answers it: every include (the list's page leaves out what was not asked). */
export function toShippingOrder(o: ShippingOrderItem, refs: References): ShippingOrder {
  return {
    id: o.id,
    reference: o.reference,
    statusCode: o.statusCode,
    ownerId: o.ownerId,
    owner: companyRef(refs.companies.get(o.ownerId)),
    segment: o.segment,
    warehouseId: o.warehouse.id,
    warehouse: warehouseRef(refs.warehouses.get(o.warehouse.id)) ?? o.warehouse,
    senderId: o.sender?.id ?? null,
    sender: o.sender,
    recipientId: o.recipient?.id ?? null,
    recipient: o.recipient,
    pickupAddress: o.pickupAddress,
    deliveryAddress: o.deliveryAddress,
    palletCount: o.palletCount,
    parcelCount: o.parcelCount,
    unitCount: o.unitCount,
    weight: o.weight,
    pickupDate: o.pickupDate,
    deliveryDate: o.deliveryDate,
    pickedupAt: o.pickedupAt,
    deliveredAt: o.deliveredAt,
    tracking: o.tracking,
    createdBy: o.createdBy,
    updatedBy: o.updatedBy,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    version: o.version,
  };
}

const OPTIONAL_INCLUDES = ['deliveryAddress', 'pickupAddress', 'warehouse', 'owner'] as const;

/** A page's rows with only the includes asked for (the export writes from the whole rows). */
const withIncludes = (rows: ShippingOrder[], include: readonly string[]) =>
  rows.map((r) => {
    const out: Partial<ShippingOrder> = { ...r };
    for (const i of OPTIONAL_INCLUDES) if (!include.includes(i)) delete out[i];
    return out;
  });

async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<ShippingOrder>> {
  const owner = listedOwner(caller, q.filters) ?? 'all';
  const segments = segmentsSeen(caller);
  const conditions = q.filters.filter((c) => !(c.field === 'owner.id' && owner !== 'all' && caller.isSuperadmin));
  const refs = await references();
  return {
    spec: shippingOrderRoutes.shippingOrderList.list,
    keySource: shippingOrderSource(owner),
    keySort: { field: 'createdAt', desc: true },
    sortScope: owner === 'all' ? undefined : shippingOrderListScope(owner),
    searchScope: shippingOrderListScope(owner),
    conditions,
    sort: q.sort,
    map: (item) => toShippingOrder(shippingOrderRecords.parse(item), refs),
    id: (o) => o.id,
    words: shippingOrderWords,
    visible: segments ? (o) => segments.includes(o.segment) : undefined,
    total: () =>
      countShippingOrders(
        owner,
        (segments ?? SEGMENT_CODES).filter((s) => s !== null),
      ),
    // Ids are ULIDs made with the shipping order: one value's range of a list-sort index is in creation order,
    // so a status filter in the default sort reads that range newest first, a page at a time.
    idOrdered: owner !== 'all',
  };
}

/** The shipping order list: its page (with the includes asked for) or its export (dates by creation). */
export async function shippingOrderList(caller: Caller, query: ListQuery): Promise<ListAnswer<ShippingOrder>> {
  const q = withExportRange(query, 'createdAt');
  return {
    plan: await plan(caller, q),
    filename: 'shipping-orders.csv',
    present: (rows) => withIncludes(rows, q.include),
  };
}
