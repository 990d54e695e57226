/**
 * What the warehouse is told of an order (shared/wms/contract.ts), built from the order as it stands when the
 * outbox publishes it (outbox/publish.ts):
 *   order.transmitted             sent (005): to prepare; the warehouse acknowledges or refuses it
 *   order.modified                changed before preparation (005, 010): the whole order again
 *   order.cancellation_requested  cancelled by the client: at once before preparation, else a request
 * Its seq is the order's version, which grows with every change.
 */
import { addressDisplayName } from '@cellar/shared/common/address';
import { clock } from '@cellar/shared/common/clock';
import { type CellarMessage, type CellarMessageType, WMS_CONTRACT_VERSION } from '@cellar/shared/wms/contract';
import { keys } from '../data/keys';
import { type References, references } from '../data/reference';
import { warehouseTeller } from '../outbox/publish';
import type { ToldDocument } from '../outbox/told';
import { type OrderItem, orderRecords } from './repository';
import { settleOrder } from './settle';

const envelope = (o: OrderItem, type: CellarMessageType) => ({
  messageId: `${type}:${o.id}:${o.version}`,
  version: WMS_CONTRACT_VERSION,
  documentId: o.id,
  seq: o.version,
  at: clock.iso(),
});

const ownerCode = (o: OrderItem, refs: References) => refs.companies.get(o.ownerId)?.code ?? o.ownerId;

/** The whole order, as `order.transmitted` and `order.modified` carry it. */
export function orderContent(o: OrderItem, refs: References) {
  const r = o.recipient;
  return {
    ownerCode: ownerCode(o, refs),
    reference: o.reference,
    recipientReference: o.recipientReference,
    segment: o.segment,
    warehouseCode: o.warehouse?.code ?? null,
    deliveryDate: o.deliveryDate,
    pickupDate: o.pickupDate,
    pickupManagedByProduct: o.pickupManagedByProduct,
    shippingLabelRequired: o.shippingLabelRequired,
    carrierCode: o.carrier?.code ?? null,
    serviceCode: o.serviceCode,
    recipient: r
      ? {
          displayName: addressDisplayName(r),
          company: r.company,
          name: r.name,
          street: r.street,
          details: r.details,
          postcode: r.postcode,
          city: r.city,
          country: r.country,
          email: r.email,
          phone: r.phone,
          exciseNumber: r.exciseNumber,
          exciseWarehouseNumber: r.exciseWarehouseNumber,
          pickupCode: r.pickupCode,
        }
      : null,
    deliveryComment: o.deliveryComment,
    preparationComment: o.preparationComment,
    lines: o.lines.map((l) => ({
      lineId: l.id,
      productCode: l.productCode,
      label: l.productLabel,
      pcb: l.pcb,
      quality: l.quality,
      batch: l.batch,
      ubd: l.ubd,
      bbd: l.bbd,
      warehouseCode: refs.warehouses.get(l.warehouseId)?.code ?? l.warehouseId,
      ordered: l.ordered,
    })),
  };
}

/** Whether the order, as it stands, still calls for a message of this type. */
function due(o: OrderItem, type: CellarMessageType): boolean {
  switch (type) {
    case 'order.transmitted':
      return o.statusCode === '005';
    case 'order.modified':
      return o.statusCode === '005' || o.statusCode === '010';
    case 'order.cancellation_requested':
      // A cancelled order the warehouse never received needs no word.
      return (o.statusCode === '050' && o.transmittedAt !== null) || o.fulfilment.cancellation === 'requested';
    default:
      return false;
  }
}

/** The message of an order for the warehouse, as the order now stands (null: no longer due). */
export function orderMessage(o: OrderItem, type: CellarMessageType, refs: References): CellarMessage | null {
  if (!due(o, type)) return null;
  if (type === 'order.transmitted' || type === 'order.modified') {
    return { type, ...envelope(o, type), ...orderContent(o, refs) };
  }
  if (type === 'order.cancellation_requested') {
    return { type, ...envelope(o, type), ownerCode: ownerCode(o, refs), reference: o.reference };
  }
  return null;
}

export const toldOrder: ToldDocument = {
  async message(id, ownerId, type) {
    const found = await orderRecords.get(keys.order(ownerId, id));
    // A change still being applied in steps is finished first: the warehouse is told only what stands.
    const o = found?.transition ? (await settleOrder(found)).order : found;
    return o ? orderMessage(o, type, await references()) : null;
  },
  async published(m) {
    if (m.type !== 'order.transmitted') return;
    const o = await orderRecords.findById(m.documentId, 'ORDER');
    if (!o) return;
    await orderRecords.update(o, {
      update: 'SET #t = :t',
      names: { '#t': 'transmittedAt' },
      values: { ':t': clock.iso() },
    });
  },
};

/** Publishes at once what a change of an order put in the outbox: the `tell` the API's handler hands the service. */
export const tellOrder = warehouseTeller(toldOrder);
