/**
 * Transmission to the warehouse (issue 10): an order entering 005 is published on the warehouse-orders queue; the
 * warehouse acknowledges (005 → 010). Until the queue exists this records the publication time only.
 */

import { canSendTransmittingOrder } from '@cellar/shared/access/roles';
import type { Caller } from '../auth/principal';
import { ForbiddenError } from '../errors';
import { findOrder, type OrderItem, orderRecords } from './repository';
import { onTransmitting } from './service';

/** Publishes an order to the warehouse and notes when. */
export async function publishOrder(o: OrderItem): Promise<void> {
  const now = await findOrder(o.id);
  if (now?.statusCode !== '005') return;
  await orderRecords.update(now, {
    update: 'SET #t = :t',
    names: { '#t': 'transmittedAt' },
    values: { ':t': new Date().toISOString() },
  });
}

onTransmitting(publishOrder);

/** Republishes the selected orders still in 005; the others are skipped. */
export async function sendTransmitting(caller: Caller, ids: readonly string[]) {
  if (!canSendTransmittingOrder(caller)) throw new ForbiddenError();
  const sent: string[] = [];
  const skipped: string[] = [];
  for (const id of ids) {
    const o = await findOrder(id);
    const mine = o && (caller.isSuperadmin || o.ownerId === caller.tenantId);
    if (!o || !mine || o.statusCode !== '005') {
      skipped.push(id);
      continue;
    }
    await publishOrder(o);
    sent.push(id);
  }
  return { sent, skipped };
}
