/**
 * Shipping order rules on the server (spec 2 §2–§5): tenancy, the transportation scope (route table), the owner's
 * warehouses, segments and contacts, the shared content rules, and the version every change is written against.
 */

import { clock } from '@cellar/shared/common/clock';
import { contactDisplayName } from '@cellar/shared/contacts/schemas';
import {
  type ShippingOrder,
  type ShippingOrderCreate,
  type ShippingOrderUpdate,
  shippingOrderIssues,
  shippingWeight,
} from '@cellar/shared/shippingOrders/schemas';
import { shippingOrderRules } from '@cellar/shared/shippingOrders/status';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { CellarMessageType } from '@cellar/shared/wms/contract';
import { authorOf } from '../caller/author';
import type { Caller } from '../caller/principal';
import { seesOwner, segmentsSeen, worksIn } from '../caller/visibility';
import { findContact } from '../contacts/repository';
import { newId } from '../data/ids';
import { type CompanyItem, type References, references, warehouseRef } from '../data/reference';
import { ConflictError, type FieldMessages, ForbiddenError, InvalidError, NotFoundError } from '../errors';
import { outboxPut } from '../outbox/outbox';
import { toShippingOrder } from './list';
import { findShippingOrder, type ShippingOrderItem, shippingOrderRecords } from './repository';

type Content = Omit<ShippingOrderCreate, 'ownerId'>;

const add = (errors: FieldMessages, field: string, key: string, values?: Record<string, unknown>) => {
  errors[field] = [...(errors[field] ?? []), values ? { key, values } : key];
};

function visible(caller: Caller, o: ShippingOrderItem): boolean {
  if (!seesOwner(caller, o.ownerId)) return false;
  const segments = segmentsSeen(caller);
  return !segments || segments.includes(o.segment);
}

/** The shipping order if the caller may see it; else it does not exist for them. */
async function visibleShippingOrder(caller: Caller, id: string): Promise<ShippingOrderItem> {
  const found = await findShippingOrder(id);
  if (!found || !visible(caller, found)) throw new NotFoundError();
  return found;
}

const answer = async (o: ShippingOrderItem): Promise<ShippingOrder> => toShippingOrder(o, await references());

export async function getShippingOrder(caller: Caller, id: string): Promise<ShippingOrder> {
  return answer(await visibleShippingOrder(caller, id));
}

/** The owner of a new shipping order: the caller's company, or the superadmin's choice (required). */
function ownerFor(caller: Caller, ownerId: string | undefined, refs: References): CompanyItem {
  if (!caller.isSuperadmin) return caller.company;
  const owner = ownerId ? refs.companies.get(ownerId) : undefined;
  if (!owner) throw new InvalidError({ ownerId: [ownerId ? MESSAGES.invalid : MESSAGES.required] });
  return owner;
}

/** A sender (supplier) or recipient contact of the owner, as the shipping order copies it. */
async function contactOf(
  owner: CompanyItem,
  id: string | null | undefined,
  type: 'supplier' | 'recipient',
  field: string,
  errors: FieldMessages,
) {
  if (!id) return null;
  const c = await findContact(id);
  if (c?.type !== type || c.ownerId !== owner.id) {
    add(errors, field, MESSAGES.invalid);
    return null;
  }
  return { id: c.id, code: c.code, name: contactDisplayName(c.address) || c.code };
}

/** Checks content against the owner and the caller (spec 2 §5) and builds the stored fields it sets. */
async function build(caller: Caller, owner: CompanyItem, refs: References, c: Content, previous?: ShippingOrderItem) {
  const errors: FieldMessages = {};
  for (const i of shippingOrderIssues(c, {
    segments: owner.segments,
    previous: previous && { pickupDate: previous.pickupDate, deliveryDate: previous.deliveryDate },
  })) {
    add(errors, i.path.join('.'), i.key, i.params);
  }
  const warehouse = refs.warehouses.get(c.warehouseId);
  if (!warehouse || !owner.warehouseIds.includes(c.warehouseId)) add(errors, 'warehouseId', MESSAGES.invalid);
  else if (!worksIn(caller, warehouse.id)) {
    add(errors, 'warehouseId', 'api.warehouse_not_attached', { warehouse: warehouse.code });
  }
  const [sender, recipient] = await Promise.all([
    contactOf(owner, c.senderId, 'supplier', 'senderId', errors),
    contactOf(owner, c.recipientId, 'recipient', 'recipientId', errors),
  ]);
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return {
    segment: c.segment,
    warehouse: warehouseRef(warehouse) as { id: string; code: string; name: string },
    reference: c.reference,
    sender,
    recipient,
    pickupAddress: c.pickupAddress,
    deliveryAddress: c.deliveryAddress,
    palletCount: c.palletCount,
    parcelCount: c.parcelCount ?? null,
    unitCount: c.unitCount,
    weight: shippingWeight(c.unitCount),
    pickupDate: c.pickupDate ?? null,
    deliveryDate: c.deliveryDate,
  };
}

/** Who publishes at once what a change put in the outbox (the API's handler passes `tellShippingOrder`, warehouse-messages.ts). */
export interface TellHooks {
  tell?: (kind: 'shippingOrder', o: ShippingOrderItem, told: CellarMessageType) => Promise<void>;
}

/** Saves a shipping order with what the warehouse must be told of it, in one transaction. */
async function saveTelling(
  next: ShippingOrderItem,
  previous: ShippingOrderItem | undefined,
  told: CellarMessageType | null,
  hooks: TellHooks,
) {
  const extra = told ? [outboxPut('shippingOrder', next, told, next.updatedAt)] : [];
  const saved = await shippingOrderRecords.saveWith(next, previous, extra);
  if (told && hooks.tell) await hooks.tell('shippingOrder', saved, told);
  return saved;
}

export async function createShippingOrder(
  caller: Caller,
  input: ShippingOrderCreate,
  hooks: TellHooks = {},
): Promise<ShippingOrder> {
  const refs = await references();
  const owner = ownerFor(caller, input.ownerId, refs);
  const fields = await build(caller, owner, refs, input);
  const author = authorOf(caller);
  const now = clock.iso();
  const record: ShippingOrderItem = {
    id: newId(),
    ownerId: owner.id,
    ...fields,
    statusCode: shippingOrderRules.initialStatus,
    pickedupAt: null,
    deliveredAt: null,
    tracking: null,
    createdBy: author,
    updatedBy: author,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  return answer(await saveTelling(record, undefined, 'shipping_order.booked', hooks));
}

const CONTENT_FIELDS = [
  'warehouseId',
  'segment',
  'reference',
  'senderId',
  'recipientId',
  'pickupAddress',
  'deliveryAddress',
  'palletCount',
  'parcelCount',
  'unitCount',
  'pickupDate',
  'deliveryDate',
] as const;

/** The content a shipping order holds, as a body would send it. */
const contentOf = (o: ShippingOrderItem): Content => ({
  warehouseId: o.warehouse.id,
  segment: o.segment,
  reference: o.reference,
  senderId: o.sender?.id ?? null,
  recipientId: o.recipient?.id ?? null,
  pickupAddress: o.pickupAddress,
  deliveryAddress: o.deliveryAddress,
  palletCount: o.palletCount,
  parcelCount: o.parcelCount,
  unitCount: o.unitCount,
  pickupDate: o.pickupDate,
  deliveryDate: o.deliveryDate,
});

/**
 * The status modal's change (any status to any other, spec 2 §4), its pickup and delivery moments and tracking,
 * and any content change. Written against the version read (and the caller's `version`, when sent): of two
 * racing changes one wins and the other is a 409.
 */
export async function updateShippingOrder(
  caller: Caller,
  id: string,
  input: ShippingOrderUpdate,
  hooks: TellHooks = {},
): Promise<ShippingOrder> {
  const current = await visibleShippingOrder(caller, id);
  if (input.version !== undefined && input.version !== current.version) throw new ConflictError();
  let next: ShippingOrderItem = {
    ...current,
    statusCode: input.statusCode ?? current.statusCode,
    pickedupAt: input.pickedupAt !== undefined ? input.pickedupAt : current.pickedupAt,
    deliveredAt: input.deliveredAt !== undefined ? input.deliveredAt : current.deliveredAt,
    tracking: input.tracking !== undefined ? input.tracking || null : current.tracking,
    updatedBy: authorOf(caller),
    updatedAt: clock.iso(),
  };
  if (CONTENT_FIELDS.some((f) => input[f] !== undefined)) {
    const refs = await references();
    const owner = refs.companies.get(current.ownerId);
    if (!owner) throw new NotFoundError();
    const content = { ...contentOf(current) } as Record<string, unknown>;
    for (const f of CONTENT_FIELDS) if (input[f] !== undefined) content[f] = input[f];
    next = { ...next, ...(await build(caller, owner, refs, content as Content, current)) };
  }
  const modified = JSON.stringify(contentOf(next)) !== JSON.stringify(contentOf(current));
  return answer(await saveTelling(next, current, modified ? 'shipping_order.modified' : null, hooks));
}

/**
 * Cancels a shipping order: a writer's until the goods are picked up, the provider's staff's at any time
 * (shippingOrderRules.isCancellable). It goes, and a booked one leaves the warehouse the notice that its transport
 * is no longer wanted, in the same transaction (its document is gone: the entry carries its message).
 */
export async function cancelShippingOrder(caller: Caller, id: string, hooks: TellHooks = {}): Promise<void> {
  const current = await visibleShippingOrder(caller, id);
  if (!shippingOrderRules.isCancellable(current, caller.isSuperadmin))
    throw new ForbiddenError('api.shipping_order_picked_up');
  const told = shippingOrderRules.isBooked(current.statusCode) && !current.pickedupAt;
  const at = clock.iso();
  // The contract's schemas load with the first cancellation, not with the function.
  const { cancelledMessage } = await import('./warehouse-messages');
  const message = told ? cancelledMessage(current, await references()) : null;
  const extra = message ? [outboxPut('shippingOrder', current, 'shipping_order.cancelled', at, message)] : [];
  await shippingOrderRecords.removeWith(current, extra);
  if (told && hooks.tell) await hooks.tell('shippingOrder', current, 'shipping_order.cancelled');
}
