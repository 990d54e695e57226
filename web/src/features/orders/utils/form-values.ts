/** The wizard's form values, from a stored order or a new one, and the body the API takes from them. */
import type { Address } from '@cellar/shared/common/address';
import {
  chosenDeparture,
  type Order,
  type OrderContent,
  type OrderStatusCode,
  orderContent,
  type orderCreateSchema,
} from '@cellar/shared/orders/schemas';
import type * as z from 'zod';
import { emptyAddress } from '../../../components/forms/address-values';
import { cartOfOrder, linesBody, type OrderCartLine } from './cart';

/**
 * The wizard's values: the order's content (the shared list of its fields) but its lines, which the cart holds, and
 * its recipient, which the form's address block edits as `address`.
 */
export type OrderFormValues = Omit<OrderContent, 'stocks' | 'recipient'> & {
  ownerId: string | null;
  /** The recipient's address (the form's address block names it `address`). */
  address: Address;
  /** Whether a recipient is chosen or being typed (else the search and its Add button show). */
  hasRecipient: boolean;
};

export function formValuesOf(o: Order | undefined, ownerId: string | null): OrderFormValues {
  const { stocks: _lines, recipient: _recipient, ...content } = orderContent(o ?? {});
  return {
    ...content,
    ownerId: o?.ownerId ?? ownerId,
    // The departure the order's lines took without a choice is not one: lines spreading later ask for it.
    warehouseId: chosenDeparture(
      o?.warehouseId,
      (o?.stocks ?? []).map((l) => ({ warehouseId: l.warehouse?.id ?? null })),
    ),
    address: o?.recipient ? { ...emptyAddress(), ...o.recipient } : emptyAddress(o?.segment !== 'B2C'),
    hasRecipient: Boolean(o?.recipient),
  };
}

/** The order as POST /api/orders takes it (PUT takes the same without the owner). */
export function orderBody(
  v: OrderFormValues,
  status: OrderStatusCode,
  cart: readonly OrderCartLine[],
  superadmin: boolean,
): z.input<typeof orderCreateSchema> {
  const { ownerId, address: typed, hasRecipient, ...content } = v;
  const { displayName: _shown, ...address } = typed as Address & { displayName?: string };
  return {
    ...(superadmin && ownerId ? { ownerId } : {}),
    ...content,
    recipient: hasRecipient ? address : null,
    statusCode: status,
    stocks: linesBody(cart),
  };
}

/**
 * A new draft of an order's content and lines, for a client ordering the same again: without its reference (each
 * order has its own) and its dates (gone by, as a rule), which the wizard asks for when the draft is sent.
 */
export function duplicateBody(o: Order, superadmin: boolean): z.input<typeof orderCreateSchema> {
  const values = { ...formValuesOf(o, o.ownerId), reference: '', deliveryDate: null, pickupDate: null };
  return orderBody(values, '000', cartOfOrder(o), superadmin);
}

/** A server or schema field path as the form names it (the recipient's address is the form's `address`). */
export const formPath = (path: string) => (path.startsWith('recipient.') ? `address.${path.slice(10)}` : path);
