/**
 * Stock movements: an immutable history, so each movement carries copies of what it refers to (product code
 * and label, warehouse, order and reception references) as they were (see data/ACCESS-PATTERNS.md):
 *   by date        PK MOVES#<owner>               SK <date>#<id>
 *   by product     GSI1PK MOVES#<owner>#P#<code>  GSI1SK <date>#<id>
 *   all owners     GSI2PK MOVES                    GSI2SK <date>#<id>
 *   totals         PK COUNT#MOVES#<owner> (and COUNT#MOVES#ALL), SK all / P#<code> / D#<yyyy-mm-dd>
 */
import type { StockMovement } from '@cellar/shared/stockMovements/schemas';
import { keys } from '../data/keys';
import { addToCounter, type Item, putItem } from '../data/table';

export interface MovementItem extends Omit<StockMovement, 'owner'> {
  ownerId: string;
}

export const counterScope = (ownerId: string | 'ALL') => `MOVES#${ownerId}`;

export function movementItem(m: MovementItem) {
  const sk = `${m.date}#${m.id}`;
  return {
    PK: keys.movements(m.ownerId),
    SK: sk,
    GSI1PK: keys.productMovements(m.ownerId, m.stock.product.code),
    GSI1SK: sk,
    GSI2PK: 'MOVES',
    GSI2SK: sk,
    entity: 'stockMovement',
    ...m,
  };
}

export function fromItem(item: Item): MovementItem {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest as unknown as MovementItem;
}

/** The counters a movement adds to (for bulk loads that write the items themselves). */
export function movementCounters(m: MovementItem): { scope: string; name: string }[] {
  const day = `D#${m.date.slice(0, 10)}`;
  return [
    { scope: counterScope(m.ownerId), name: 'all' },
    { scope: counterScope(m.ownerId), name: `P#${m.stock.product.code}` },
    { scope: counterScope(m.ownerId), name: day },
    { scope: counterScope('ALL'), name: 'all' },
    { scope: counterScope('ALL'), name: day },
  ];
}

export async function insertMovement(m: MovementItem): Promise<void> {
  await putItem(movementItem(m));
  await Promise.all(movementCounters(m).map((c) => addToCounter(keys.counter(c.scope, c.name), 1)));
}
