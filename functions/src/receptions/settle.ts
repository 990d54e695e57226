/**
 * Applies a reception's recorded change to stock (see effects.ts for what, stocks/effects.ts for the once-only
 * writes). The change is recorded on the reception first (`transition`, with a version condition that serialises
 * changes of one reception), then each line's effect is applied idempotently, then the record is cleared:
 *
 *   PUT ── save reception {status: to, transition: {seq, from, before}} IF version = read ── 409 if it moved
 *            │
 *            ├─ line 1: stock + mark[seq] ── product summary + mark ── movement (id from reception, seq, line)
 *            ├─ line 2: …                      ✗ crash here: the transition stays recorded
 *            └─ clear transition IF version = saved (or remove the reception, for a delete)
 *
 *   any later read or write of the reception finds the transition and runs this again: lines already applied find
 *   their marks (or their movement) and are skipped, the others are applied, then it is cleared.
 */

import { keys } from '../data/keys';
import { StaleVersionError } from '../errors';
import type { MovementItem } from '../stockMovements/repository';
import { movementRecords } from '../stockMovements/repository';
import { applyStockEffect, isNoDelta } from '../stocks/effects';
import type { StockItem } from '../stocks/repository';
import { lineEffects } from './effects';
import {
  findReception,
  type ReceptionItem,
  type ReceptionLineItem,
  receptionRecords,
  type Transition,
} from './repository';

/** The reason a reception's input movement carries (the movements' referential: REC). */
export const RECEPTION_REASON = { code: 'REC', label: 'Réception fournisseur' } as const;

/** Lets a test stop the settling after some lines, as a crash would. */
export interface SettleHooks {
  afterLine?: (applied: number) => void | Promise<void>;
}

const movementId = (receptionId: string, seq: number, stockId: string) => `${receptionId}-${seq}-${stockId}`;

function inputMovement(r: ReceptionItem, line: ReceptionLineItem, stock: StockItem, t: Transition): MovementItem {
  return {
    id: movementId(r.id, t.seq, line.stockId),
    ownerId: r.ownerId,
    date: t.at,
    reasonCode: RECEPTION_REASON.code,
    reason: RECEPTION_REASON.label,
    quantity: line.received ?? line.expected,
    note: '',
    direction: 'input',
    segment: stock.segment,
    warehouse: r.warehouse,
    stock: {
      id: stock.id,
      batch: stock.batch,
      ubd: stock.ubd,
      bbd: stock.bbd,
      quality: stock.quality,
      product: { code: line.productCode, label: line.productLabel },
    },
    order: null,
    reception: { id: r.id, reference: r.reference, supplier: { code: r.supplier?.code ?? '' } },
  };
}

/** Takes back the input movement a close wrote for a stock line (once: a replay finds it gone). */
async function takeBackMovement(r: ReceptionItem, closed: { seq: number; at: string }, stockId: string) {
  const found = await movementRecords.get({
    PK: keys.movements(r.ownerId),
    SK: `${closed.at}#${movementId(r.id, closed.seq, stockId)}`,
  });
  if (found) await movementRecords.removeIfPresent(found);
}

/**
 * Completes the recorded change of a reception, if any; returns the reception as it now stands (undefined once a
 * delete is complete).
 */
export async function settleReception(r: ReceptionItem, hooks: SettleHooks = {}): Promise<ReceptionItem | undefined> {
  const t = r.transition;
  if (!t) return r;
  const after = t.to === 'deleted' ? [] : r.lines;
  const afterById = new Map(after.map((l) => [l.stockId, l]));
  const productOf = new Map([...t.before, ...after].map((l) => [l.stockId, l.productCode]));
  let applied = 0;
  for (const effect of lineEffects(t.from, t.before, t.to, after)) {
    const ref = { ownerId: r.ownerId, productCode: productOf.get(effect.stockId) ?? '', id: effect.stockId };
    const stock = isNoDelta(effect.delta) ? undefined : await applyStockEffect(ref, r.id, t.seq, effect.delta);
    const line = afterById.get(effect.stockId);
    if (effect.movement === 'write' && line && stock && (line.received ?? line.expected) > 0) {
      await movementRecords.insertOnce(inputMovement(r, line, stock, t));
    }
    if (effect.movement === 'takeBack' && t.closed) await takeBackMovement(r, t.closed, effect.stockId);
    applied++;
    await hooks.afterLine?.(applied);
  }
  if (t.to === 'deleted') {
    await receptionRecords.removeIfPresent(r);
    return undefined;
  }
  try {
    return await receptionRecords.replace({ ...r, transition: null }, r);
  } catch (e) {
    if (!(e instanceof StaleVersionError)) throw e;
    // Another settler cleared it first (or a later change followed): the reception as it is now.
    const now = await findReception(r.id);
    return now?.transition?.seq === t.seq ? settleReception(now, hooks) : now;
  }
}
