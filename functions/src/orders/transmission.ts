/**
 * Transmission to the warehouse (issue 10): an order entering 005 is published on the warehouse-orders queue
 * (`order.transmitted`), and again by "resend transmitting"; an order marked sent (070) in Cellar asks the
 * warehouse for its packing list (`order.sent`). The warehouse answers on its events queue (warehouse-worker.ts).
 * A publication that fails leaves the order in 005, visible, for the resend button: it never fails the request.
 */
import { canSendTransmittingOrder } from '@cellar/shared/access/roles';
import type { Caller } from '../auth/principal';
import { config } from '../config/config';
import { sendMessage } from '../data/client';
import { type References, references } from '../data/reference';
import { ForbiddenError } from '../errors';
import { logger } from '../platform/logger';
import { findOrder, type OrderItem, orderRecords } from './repository';
import { onStatusChange } from './service';
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
  const now = await findOrder(o.id);
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
async function requestPackings(o: OrderItem): Promise<void> {
  if (o.packings.length) return;
  const refs = await references();
  await publish({
    type: 'order.sent',
    version: WAREHOUSE_MESSAGE_VERSION,
    orderId: o.id,
    reference: o.reference,
    lines: lines(o, refs).map((l, i) => ({ ...l, prepared: o.lines[i]?.prepared ?? null })),
    sentAt: new Date().toISOString(),
  });
}

onStatusChange(async (o, from) => {
  if (o.statusCode === '005' && from !== '005') await publishOrder(o);
  if (o.statusCode === '070' && from !== '070') await requestPackings(o);
});

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
