/**
 * What the warehouse is told of a shipping order (shared/wms/contract.ts), built from it as it stands when the
 * outbox publishes it (outbox/publish.ts):
 *   shipping_order.booked    created: a transport to book
 *   shipping_order.modified  its content changed before delivery: the whole transport order again
 *   shipping_order.cancelled  cancelled before pickup: built with the delete, which takes the shipping order away
 * Its seq is the shipping order's version, which grows with every change.
 */

import { clock } from '@cellar/shared/common/clock';
import { type CellarMessage, type CellarMessageType, WMS_CONTRACT_VERSION } from '@cellar/shared/wms/contract';
import { keys } from '../data/keys';
import { type References, references } from '../data/reference';
import { warehouseTeller } from '../outbox/publish';
import type { ToldDocument } from '../outbox/told';
import { type ShippingOrderItem, shippingOrderRecords } from './repository';

const address = (a: ShippingOrderItem['pickupAddress']) => ({
  name: a.name,
  contact: a.contact,
  street: a.street,
  postcode: a.postcode,
  city: a.city,
  exciseNumber: a.exciseNumber,
  comment: a.comment,
  timeslots: a.timeslots,
});

/** The message of a shipping order for the warehouse (null: a draft, or delivered already). */
export function shippingOrderMessage(
  o: ShippingOrderItem,
  type: CellarMessageType,
  refs: References,
): CellarMessage | null {
  const live = o.statusCode !== '000' && o.statusCode !== '200';
  if ((type !== 'shipping_order.booked' && type !== 'shipping_order.modified') || !live) return null;
  return {
    type,
    messageId: `${type}:${o.id}:${o.version}`,
    version: WMS_CONTRACT_VERSION,
    documentId: o.id,
    seq: o.version,
    at: clock.iso(),
    ownerCode: refs.companies.get(o.ownerId)?.code ?? o.ownerId,
    reference: o.reference,
    warehouseCode: o.warehouse.code,
    pickupAddress: address(o.pickupAddress),
    deliveryAddress: address(o.deliveryAddress),
    palletCount: o.palletCount,
    parcelCount: o.parcelCount,
    unitCount: o.unitCount,
    weight: o.weight,
    pickupDate: o.pickupDate,
    deliveryDate: o.deliveryDate,
  };
}

/** The notice that a booked transport is no longer wanted, for the outbox entry of its delete. */
export function cancelledMessage(o: ShippingOrderItem, refs: References): CellarMessage {
  const type = 'shipping_order.cancelled';
  const seq = o.version + 1;
  return {
    type,
    messageId: `${type}:${o.id}:${seq}`,
    version: WMS_CONTRACT_VERSION,
    documentId: o.id,
    seq,
    at: clock.iso(),
    ownerCode: refs.companies.get(o.ownerId)?.code ?? o.ownerId,
    reference: o.reference,
  };
}

export const toldShippingOrder: ToldDocument = {
  async message(id, ownerId, type) {
    const o = await shippingOrderRecords.get(keys.shippingOrder(ownerId, id));
    return o ? shippingOrderMessage(o, type, await references()) : null;
  },
};

/** Publishes at once what a change of a shipping order put in the outbox: the `tell` the API's handler hands the service. */
export const tellShippingOrder = warehouseTeller(toldShippingOrder);
