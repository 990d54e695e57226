/**
 * Transmission to the warehouse (issue 10): an order entering 005 is published on the warehouse-orders queue
 * (`order.transmitted`), and again by "resend transmitting"; an order marked sent (070) in Cellar asks the
 * warehouse for its packing list (`order.sent`). The warehouse answers on its events queue (warehouse-worker.ts).
 * What is to be told is written in the order's outbox with the change itself (outbox.ts): the request publishes it
 * at once, and a publication that fails, or a process that dies first, leaves it there for the sweep to publish. It
 * never fails the request.
 */
import { canSendTransmittingOrder } from '@cellar/shared/access/roles';
import type { Caller } from '../auth/principal';
import { config } from '../config/config';
import { sendMessage } from '../data/client';
import { type References, references } from '../data/reference';
import { deleteItem, type Key } from '../data/table';
import { ForbiddenError } from '../errors';
import { logger } from '../platform/logger';
import { markPublished, type OutboxEntry, type OutboxType, outboxKey } from './outbox';
import { findOrder, type OrderItem, orderRecords } from './repository';
import { settleOrder } from './settle';
import { WAREHOUSE_MESSAGE_VERSION, type WarehouseOrderMessage } from './warehouse-message';

const lines = (o: OrderItem, refs: References) =>
  o.lines.map((l) => ({
    stockId: l.stockId,
    productCode: l.productCode,
    label: l.productLabel,
    pcb: l.pcb,
    quality: l.quality,
    batch: l.batch,
    ubd: l.ubd,
    bbd: l.bbd,
    warehouseCode: refs.warehouses.get(l.warehouseId)?.code ?? l.warehouseId,
    ordered: l.ordered,
  }));

/** The message that hands an order to the warehouse. */
export function transmittedMessage(o: OrderItem, refs: References): WarehouseOrderMessage {
  return {
    type: 'order.transmitted',
    version: WAREHOUSE_MESSAGE_VERSION,
    orderId: o.id,
    ownerCode: refs.companies.get(o.ownerId)?.code ?? o.ownerId,
    reference: o.reference,
    segment: o.segment,
    warehouseCode: o.warehouse?.code ?? null,
    deliveryDate: o.deliveryDate,
    pickupDate: o.pickupDate,
    pickupManagedByProduct: o.pickupManagedByProduct,
    carrierCode: o.carrier?.code ?? null,
    serviceCode: o.serviceCode,
    recipient: o.recipient,
    deliveryComment: o.deliveryComment,
    preparationComment: o.preparationComment,
    lines: lines(o, refs),
    sentAt: new Date().toISOString(),
  };
}

async function publish(message: WarehouseOrderMessage): Promise<boolean> {
  try {
    await sendMessage({ QueueUrl: config.warehouseOrdersQueueUrl, MessageBody: JSON.stringify(message) });
    return true;
  } catch (e) {
    logger.error('Warehouse publication failed', { orderId: message.orderId, error: e as Error });
    return false;
  }
}

/** Publishes an order to the warehouse and notes when (an order no longer in 005 is not published). */
export async function publishOrder(o: OrderItem): Promise<boolean> {
  const found = await findOrder(o.id);
  // A change still being applied in steps is finished first: the warehouse is told only what stands.
  const now = found?.transition ? (await settleOrder(found)).order : found;
  if (now?.statusCode !== '005') return false;
  if (!(await publish(transmittedMessage(now, await references())))) return false;
  await orderRecords.update(now, {
    update: 'SET #t = :t',
    names: { '#t': 'transmittedAt' },
    values: { ':t': new Date().toISOString() },
  });
  return true;
}

/** Asks the warehouse for the packing list of an order marked sent without one. */
async function requestPackings(o: OrderItem): Promise<boolean> {
  const refs = await references();
  return publish({
    type: 'order.sent',
    version: WAREHOUSE_MESSAGE_VERSION,
    orderId: o.id,
    reference: o.reference,
    lines: lines(o, refs).map((l, i) => ({ ...l, prepared: o.lines[i]?.prepared ?? null })),
    sentAt: new Date().toISOString(),
  });
}

/**
 * Publishes what an outbox entry calls for, as the order now stands, and notes it published (outbox.ts: the entry
 * stays until the warehouse answers). An order that moved on meanwhile (cancelled before it was published,
 * acknowledged already) is not published, and its entry goes.
 */
export async function deliverOutbox(entry: Pick<OutboxEntry, 'type' | 'orderId'> & Key): Promise<boolean> {
  const found = await findOrder(entry.orderId);
  const o = found?.transition ? (await settleOrder(found)).order : found;
  const due =
    (entry.type === 'order.transmitted' && o?.statusCode === '005') ||
    (entry.type === 'order.sent' && o?.statusCode === '070' && o.packings.length === 0);
  if (!o || !due) {
    await deleteItem({ PK: entry.PK, SK: entry.SK });
    return false;
  }
  const published = entry.type === 'order.transmitted' ? await publishOrder(o) : await requestPackings(o);
  if (published) await markPublished({ PK: entry.PK, SK: entry.SK });
  return published;
}

/** Publishes at once what an order's change put in the outbox (the API's writes pass it to the order service). */
export const tellWarehouse = (o: OrderItem, told: OutboxType) =>
  deliverOutbox({ ...outboxKey(o, told), type: told, orderId: o.id }).then(() => undefined);

/** Republishes the selected orders still in 005 (canSendTransmittingOrder); the others are skipped. */
export async function sendTransmitting(caller: Caller, ids: readonly string[]) {
  if (!canSendTransmittingOrder(caller)) throw new ForbiddenError();
  const sent: string[] = [];
  const skipped: string[] = [];
  for (const id of ids) {
    const o = await findOrder(id);
    const mine = o && (caller.isSuperadmin || o.ownerId === caller.tenantId);
    if (o && mine && (await publishOrder(o))) sent.push(id);
    else skipped.push(id);
  }
  return { sent, skipped };
}
