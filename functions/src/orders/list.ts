import { orderRoutes } from '@cellar/shared/orders/routes';
/**
 * The order list and its CSV export (spec 2 §2, §7), answered from the list's plan, and the order as the API shows
 * it. Kept apart from the writes so that a list reader does not carry the stock effects.
 */

import { addressDisplayName } from '@cellar/shared/common/address';
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import { type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { type Order, type OrderLine, orderWords } from '@cellar/shared/orders/schemas';
import type { Caller } from '../caller/principal';
import { listedOwner, seesWarehouses, segmentsSeen, warehousesWorked } from '../caller/visibility';
import type { ContactItem } from '../contacts/repository';
import type { PlannedList } from '../data/list';
import { companyRef, type References, references, SEGMENTS, warehouseRef } from '../data/reference';
import type { ListAnswer } from '../platform/http/lists';
import {
  countOrders,
  type OrderItem,
  type OrderLineItem,
  orderListScope,
  orderRecords,
  orderSource,
} from './repository';

/** What an answer may add beyond the stored order. */
export interface Extras {
  include: ReadonlySet<string>;
  /** The carrier contact (its services, segment). */
  carrier?: ContactItem;
  /** Each line's stock line as it is now (its available quantity). */
  available?: ReadonlyMap<string, number>;
}

const carrierName = (c: ContactItem) => c.address.company || c.address.name || c.code;

function lineView(l: OrderLineItem, refs: References, x: Extras): OrderLine {
  return {
    id: l.id,
    position: l.position,
    stockId: l.stockId,
    product: { id: l.productId, code: l.productCode, label: l.productLabel, pcb: l.pcb },
    warehouse: warehouseRef(refs.warehouses.get(l.warehouseId)),
    quality: l.quality,
    batch: l.batch,
    ubd: l.ubd,
    bbd: l.bbd,
    ordered: l.ordered,
    prepared: l.prepared,
    ...(x.available?.has(l.stockId) ? { availableQuantity: x.available.get(l.stockId) } : {}),
    uniqueKey: `${l.productCode}|${l.stockId}`,
  };
}

export function toOrder(o: OrderItem, refs: References, x: Extras = { include: new Set() }): Order {
  const owner = refs.companies.get(o.ownerId);
  const service = x.carrier?.services.find((s) => s.code === o.serviceCode);
  return {
    id: o.id,
    reference: o.reference,
    recipientReference: o.recipientReference,
    groupingNumber: o.groupingNumber,
    exitPoint: o.exitPoint,
    type: o.type,
    statusCode: o.statusCode,
    segment: o.segment,
    ownerId: o.ownerId,
    owner: owner
      ? {
          ...(companyRef(owner) as { id: string; code: string; name: string }),
          segments: owner.segments.map((s) => SEGMENTS[s]),
          isPooledActivity: owner.isPooledActivity,
        }
      : undefined,
    warehouseId: o.warehouse?.id ?? null,
    warehouse: o.warehouse ? (warehouseRef(refs.warehouses.get(o.warehouse.id)) ?? o.warehouse) : null,
    recipient: o.recipient ? { ...o.recipient, displayName: addressDisplayName(o.recipient) } : null,
    customerId: o.customerId,
    carrierId: o.carrier?.id ?? null,
    carrier: o.carrier
      ? {
          ...o.carrier,
          name: x.carrier ? carrierName(x.carrier) : o.carrier.name,
          segment: x.carrier?.segment ?? null,
          ...(x.include.has('carrier.owner') ? { owner: { code: o.carrier.code, name: o.carrier.name } } : {}),
          ...(x.carrier ? { services: x.carrier.services } : {}),
        }
      : null,
    serviceCode: o.serviceCode,
    service: service ?? null,
    pickupManagedByProduct: o.pickupManagedByProduct,
    shippingLabelRequired: o.shippingLabelRequired,
    deliveryDate: o.deliveryDate,
    pickupDate: o.pickupDate,
    appointmentDate: o.appointmentDate,
    preparationDate: o.preparationDate,
    deliveryComment: o.deliveryComment,
    preparationComment: o.preparationComment,
    comment: o.comment,
    shippingTrackingId: o.shippingTrackingId,
    stocks: x.include.has('stocks') ? o.lines.map((l) => lineView(l, refs, x)) : undefined,
    packings: o.packings,
    lineCount: o.lines.length,
    orderedQuantity: o.orderedQuantity,
    preparedQuantity: o.preparedQuantity,
    supportType: o.supportType,
    supportNumber: o.supportNumber,
    fulfilment: o.fulfilment,
    createdBy: o.createdBy,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

/** The warehouses an order touches: the one it leaves from and those its lines take from. */
export const orderWarehouses = (o: OrderItem): string[] => [
  ...new Set([...(o.warehouse ? [o.warehouse.id] : []), ...o.lines.map((l) => l.warehouseId)]),
];

// ── list ──────────────────────────────────────────────────────────────────────────────────────────────────────

async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Order>> {
  const owner = listedOwner(caller, q.filters) ?? 'all';
  const segments = segmentsSeen(caller);
  const worked = warehousesWorked(caller);
  const conditions = q.filters.filter((c) => !(c.field === 'owner.id' && owner !== 'all' && caller.isSuperadmin));
  const refs = await references();
  // The drafts lookup (`filter[statusCode]=000&include=stocks`) gets the lines: they are in the item anyway.
  const extras: Extras = { include: new Set(q.include) };
  // The stored order behind each row, for the warehouses its lines take from.
  const items = new WeakMap<Order, OrderItem>();
  const visible = (o: Order) =>
    (!segments || segments.includes(o.segment)) && seesWarehouses(worked, orderWarehouses(items.get(o) as OrderItem));
  return {
    spec: orderRoutes.orderList.list,
    keySource: orderSource(owner),
    keySort: { field: 'createdAt', desc: true },
    sortScope: owner === 'all' ? undefined : orderListScope(owner),
    searchScope: orderListScope(owner),
    conditions,
    sort: q.sort,
    map: (raw) => {
      const item = orderRecords.parse(raw);
      const row = toOrder(item, refs, extras);
      items.set(row, item);
      return row;
    },
    id: (o) => o.id,
    words: (o) => orderWords(o),
    // A user attached to every warehouse of its company, or seeing both segments, keeps the counted totals.
    visible: segments || worked ? visible : undefined,
    total: () => countOrders(owner, segments ?? [...SEGMENT_CODES, null]),
    // Order ids are ULIDs: newest first is also the order of an index's one value.
    idOrdered: owner !== 'all',
  };
}

/** The order list: its page or its export (`start_date`, `end_date` on the creation date). */
export async function orderList(caller: Caller, query: ListQuery): Promise<ListAnswer<Order>> {
  const q = withExportRange(query, 'createdAt');
  return { plan: await plan(caller, q), filename: 'orders.csv' };
}
