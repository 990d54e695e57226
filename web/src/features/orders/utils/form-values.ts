/** The wizard's form values, from a stored order or a new one, and the body the API takes from them. */
import type { Address } from '@cellar/shared/common/address';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import {
  chosenDeparture,
  type Order,
  type OrderStatusCode,
  type orderCreateSchema,
} from '@cellar/shared/orders/schemas';
import type * as z from 'zod';
import { emptyAddress } from '../../../components/forms/address-values';
import { linesBody, type OrderCartLine } from './cart';

export interface OrderFormValues {
  ownerId: string | null;
  segment: SegmentCode | null;
  reference: string;
  recipientReference: string;
  groupingNumber: string;
  type: 'ABO' | 'COF' | 'SHOP' | null;
  warehouseId: string | null;
  /** The recipient's address (the form's address block names it `address`). */
  address: Address;
  /** Whether a recipient is chosen or being typed (else the search and its Add button show). */
  hasRecipient: boolean;
  customerId: string | null;
  carrierId: string | null;
  serviceCode: string | null;
  pickupManagedByProduct: 0 | 1;
  shippingLabelRequired: 0 | 1;
  deliveryDate: string | null;
  pickupDate: string | null;
  deliveryComment: string;
  preparationComment: string;
}

export const formValuesOf = (o: Order | undefined, ownerId: string | null): OrderFormValues => ({
  ownerId: o?.ownerId ?? ownerId,
  segment: o?.segment ?? null,
  reference: o?.reference ?? '',
  recipientReference: o?.recipientReference ?? '',
  groupingNumber: o?.groupingNumber ?? '',
  type: o?.type ?? null,
  // The departure the order's lines took without a choice is not one: lines spreading later ask for it.
  warehouseId: chosenDeparture(
    o?.warehouseId,
    (o?.stocks ?? []).map((l) => ({ warehouseId: l.warehouse?.id ?? null })),
  ),
  address: o?.recipient ? { ...emptyAddress(), ...o.recipient } : emptyAddress(o?.segment !== 'B2C'),
  hasRecipient: Boolean(o?.recipient),
  customerId: o?.customerId ?? null,
  carrierId: o?.carrierId ?? null,
  serviceCode: o?.serviceCode ?? null,
  pickupManagedByProduct: o?.pickupManagedByProduct ?? 1,
  shippingLabelRequired: o?.shippingLabelRequired ?? 0,
  deliveryDate: o?.deliveryDate ?? null,
  pickupDate: o?.pickupDate ?? null,
  deliveryComment: o?.deliveryComment ?? '',
  preparationComment: o?.preparationComment ?? '',
});

/** The order as POST /api/orders takes it (PUT takes the same without the owner). */
export function orderBody(
  v: OrderFormValues,
  status: OrderStatusCode,
  cart: readonly OrderCartLine[],
  superadmin: boolean,
): z.input<typeof orderCreateSchema> {
  const { displayName: _shown, ...address } = v.address as Address & { displayName?: string };
  return {
    ...(superadmin && v.ownerId ? { ownerId: v.ownerId } : {}),
    segment: v.segment,
    reference: v.reference,
    recipientReference: v.recipientReference,
    groupingNumber: v.groupingNumber,
    type: v.type,
    warehouseId: v.warehouseId,
    recipient: v.hasRecipient ? address : null,
    customerId: v.customerId,
    carrierId: v.carrierId,
    serviceCode: v.serviceCode,
    pickupManagedByProduct: v.pickupManagedByProduct,
    shippingLabelRequired: v.shippingLabelRequired,
    deliveryDate: v.deliveryDate,
    pickupDate: v.pickupDate,
    deliveryComment: v.deliveryComment,
    preparationComment: v.preparationComment,
    statusCode: status,
    stocks: linesBody(cart),
  };
}

/** A server or schema field path as the form names it (the recipient's address is the form's `address`). */
export const formPath = (path: string) => (path.startsWith('recipient.') ? `address.${path.slice(10)}` : path);
