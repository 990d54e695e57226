/**
 * What a status change on the status page does beyond the status, as its confirmation says it (the server's
 * stock effects: functions/src/orders/effects.ts), from the shared rule of the statuses that hold stock.
 */
import { HOLDING_STATUSES as HOLDING, orderRules } from '@cellar/shared/orders/status';

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
