/**
 * What a status change on the status page does beyond the status, as its confirmation says it (the server's
 * stock effects: functions/src/orders/effects.ts). An order holds its lines' stock from transmitting (005) to
 * prepared (040); once sent (070) what it ships has left the stock; a draft or a cancelled order holds nothing.
 */
import { orderRules } from '@cellar/shared/orders/status';

const HOLDING: ReadonlySet<string> = new Set(['005', '010', '020', '030', '040']);

/**
 * What moving from `from` to `to` does, in the order to say it: `release` the stock held (the warehouse is told of
 * the cancellation), `unship` what had left, `hold` the lines' stock again, `ship` it out.
 */
export type OrderStatusEffect = 'release' | 'unship' | 'hold' | 'ship';

export function orderStatusEffects(from: string, to: string): OrderStatusEffect[] {
  const effects: OrderStatusEffect[] = [];
  if (HOLDING.has(from) && to === '050') effects.push('release');
  if (from === '070' && to !== '070') effects.push('unship');
  if (!HOLDING.has(from) && HOLDING.has(to)) effects.push('hold');
  if (from !== '070' && to === '070') effects.push('ship');
  return effects;
}

/**
 * Whether moving from `from` to `to` cancels an order the warehouse is already handling (020–040, where a client's
 * cancellation is a request: orderRules.cancellation), which the provider's staff may force. The order is
 * cancelled at once and the warehouse asked to cancel it; if it answers that it is too late
 * (order.cancellation_refused), the order comes back to the status the warehouse had reached, with its reason, and
 * holds its stock again (functions/src/orders/warehouse-reports.ts).
 */
export const warehouseMayRefuse = (from: string, to: string) =>
  to === '050' && orderRules.cancellation(from) === 'request';
