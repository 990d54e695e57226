/**
 * "Resend transmitting" (spec 2 §6): the provider's staff publish again the selected orders still waiting for the
 * warehouse (005), as the outbox would (outbox/publish.ts); the others are skipped.
 */
import { canSendTransmittingOrder } from '@cellar/shared/access/roles';
import type { Caller } from '../caller/principal';
import { references } from '../data/reference';
import { ForbiddenError } from '../errors';
import { publish } from '../outbox/publish';
import { findOrder } from './repository';
import { settleOrder } from './settle';
import { orderMessage, toldOrder } from './warehouse-messages';

/** Publishes an order still in 005 to the warehouse again; false when it is no longer waiting, or not published. */
async function republish(id: string, caller: Caller): Promise<boolean> {
  const found = await findOrder(id);
  if (!found || !(caller.isSuperadmin || found.ownerId === caller.tenantId)) return false;
  const o = (await settleOrder(found)).order;
  const message = o && orderMessage(o, 'order.transmitted', await references());
  if (!message || !(await publish(message))) return false;
  await toldOrder.published?.(message);
  return true;
}

/** Republishes the selected orders still transmitting (canSendTransmittingOrder); the others are skipped. */
export async function sendTransmitting(caller: Caller, ids: readonly string[]) {
  if (!canSendTransmittingOrder(caller)) throw new ForbiddenError();
  const sent: string[] = [];
  const skipped: string[] = [];
  for (const id of ids) ((await republish(id, caller)) ? sent : skipped).push(id);
  return { sent, skipped };
}
