/**
 * Stock movements: an immutable history, so each movement carries copies of what it refers to (product code
 * and label, warehouse, order and reception references) as they were (see data/ACCESS-PATTERNS.md):
 *   by date        PK MOVES#<owner>               SK <date>#<id>
 *   by product     GSI1PK MOVES#<owner>#P#<code>  GSI1SK <date>#<id>
 *   all owners     GSI2PK MOVES                    GSI2SK <date>#<id>
 *   totals         PK COUNT#MOVES#<owner> (and COUNT#MOVES#ALL), SK all / P#<code> / D#<yyyy-mm-dd> (the Paris day)
 */

import { dayIn } from '@cellar/shared/common/dates';
import { STOCK_MOVEMENT_LIST } from '@cellar/shared/stockMovements/routes';
import { movementWords, stockMovementSchema } from '@cellar/shared/stockMovements/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

const movementItemSchema = stockMovementSchema.omit({ owner: true }).extend({ ownerId: z.string() });
export type MovementItem = z.infer<typeof movementItemSchema>;

export const counterScope = (ownerId: string | 'ALL') => `MOVES#${ownerId}`;

/** The list-sort and search partition of one owner's movements. */
export const movementListScope = (ownerId: string) => `MOVES#${ownerId}`;

export const movementRecords = defineEntity<MovementItem>({
  name: 'stockMovement',
  schema: movementItemSchema,
  key: (m) => ({ PK: keys.movements(m.ownerId), SK: `${m.date}#${m.id}` }),
  indexes: (m) => ({
    GSI1: [keys.productMovements(m.ownerId, m.stock.product.code), `${m.date}#${m.id}`],
    GSI2: [keys.allMovements, `${m.date}#${m.id}`],
  }),
  counters: (m) => movementCounters(m).map((c) => keys.counter(c.scope, c.name)),
  everywhere: () => [{ index: 'GSI2', pk: keys.allMovements }],
  list: {
    spec: STOCK_MOVEMENT_LIST,
    sortScope: (m) => movementListScope(m.ownerId),
    row: (m) => m,
    // One owner's words only: a movement is history written in bulk, and the superadmin's search across owners
    // checks the rows it reads instead.
    search: { scopes: (m) => [movementListScope(m.ownerId)], words: movementWords },
  },
});

/** The counters a movement adds to (for bulk loads that write the items themselves); its day is the Paris one. */
export function movementCounters(m: MovementItem): { scope: string; name: string }[] {
  const day = `D#${dayIn(m.date)}`;
  return [
    { scope: counterScope(m.ownerId), name: 'all' },
    { scope: counterScope(m.ownerId), name: `P#${m.stock.product.code}` },
    { scope: counterScope(m.ownerId), name: day },
    { scope: counterScope('ALL'), name: 'all' },
    { scope: counterScope('ALL'), name: day },
  ];
}

export const insertMovement = (m: MovementItem) => movementRecords.insert(m);
