/**
 * What a status change on the status page does beyond the status, as its confirmation says it (the server's
 * stock effects: functions/src/orders/effects.ts). An order holds its lines' stock from transmitting (005) to
 * prepared (040); once sent (070) what it ships has left the stock; a draft or a cancelled order holds nothing.
 */
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
