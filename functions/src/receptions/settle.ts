/**
 * A reception's changes of stock through the document kernel (stocks/ledger.ts says how: one transaction, or steps
 * recorded on the reception; effects.ts says what each status does):
 *
 *   close ── one transaction: the reception {status 200} IF version = read, each line's quantity in IF unchanged,
 *            one input movement per line; then the products' summaries
 *
 * A replayed close finds the reception closed and changes nothing; two closes racing end with one and a 409.
 */

import { clock } from '@cellar/shared/common/clock';
import type { ReceptionStatusCode } from '@cellar/shared/receptions/schemas';
import type { TransactAction } from '../data/transact';
import type { MovementItem } from '../stockMovements/repository';
import {
  commitDocument,
  type DocumentKind,
  type LedgerEffect,
  type LedgerHooks,
  type LedgerShortage,
  settle,
} from '../stocks/ledger';
import type { StockItem } from '../stocks/repository';
import { lineEffects } from './effects';
import { type ReceptionItem, type ReceptionLineItem, receptionRecords } from './repository';

/** The reason a reception's input movement carries (the movements' referential: REC). */
export const RECEPTION_REASON = { code: 'REC', label: 'Réception fournisseur' } as const;

export type SettleHooks = LedgerHooks;

const movementId = (receptionId: string, seq: number, stockId: string) => `${receptionId}-${seq}-${stockId}`;

async function inputMovement(r: ReceptionItem, e: LedgerEffect, stock: StockItem): Promise<MovementItem> {
  const line = r.lines.find((l) => l.stockId === e.stockId);
  return {
    id: e.movement?.id ?? movementId(r.id, r.seq, e.stockId),
    ownerId: r.ownerId,
    date: e.movement?.at ?? clock.iso(),
    reasonCode: RECEPTION_REASON.code,
    reason: RECEPTION_REASON.label,
    quantity: e.movement?.quantity ?? 0,
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
      product: { code: e.productCode, label: line?.productLabel ?? '' },
    },
    order: null,
    reception: { id: r.id, reference: r.reference, supplier: { code: r.supplier?.code ?? '' } },
  };
}

export const receptionKind: DocumentKind<ReceptionItem> = {
  name: 'reception',
  entity: receptionRecords,
  movement: inputMovement,
};

/**
 * What a change of a reception does to stock, as the kernel's effects: each line's delta, and the input movement
 * written on closing (its id and date from this change) or taken back on leaving closed (those of the close).
 */
export function receptionEffects(
  r: { id: string },
  change: {
    seq: number;
    at: string;
    from: ReceptionStatusCode;
    before: readonly ReceptionLineItem[];
    to: ReceptionStatusCode | 'deleted';
    after: readonly ReceptionLineItem[];
    closed: { seq: number; at: string } | null;
  },
): LedgerEffect[] {
  const after = change.to === 'deleted' ? [] : change.after;
  const lineOf = new Map([...change.before, ...after].map((l) => [l.stockId, l]));
  const now = new Map(after.map((l) => [l.stockId, l]));
  return lineEffects(change.from, change.before, change.to, after).map((e) => {
    const line = lineOf.get(e.stockId) as ReceptionLineItem;
    const closedLine = now.get(e.stockId);
    const quantity = closedLine ? (closedLine.received ?? closedLine.expected) : 0;
    // A line that received nothing writes no movement (there is none to take back either: deleting is harmless).
    return {
      stockId: e.stockId,
      productCode: line.productCode,
      delta: e.delta,
      shortageAllowed: false,
      movement:
        e.movement === 'write' && closedLine && quantity !== 0
          ? { op: 'write', id: movementId(r.id, change.seq, e.stockId), at: change.at, quantity }
          : e.movement === 'takeBack' && change.closed
            ? { op: 'takeBack', id: movementId(r.id, change.closed.seq, e.stockId), at: change.closed.at, quantity: 0 }
            : null,
    };
  });
}

export interface Settled {
  reception: ReceptionItem | undefined;
  /** Lines whose stock orders took meanwhile: the change was not applied. */
  shortages: LedgerShortage[];
}

/** Saves a reception's change with its effects (`previous` undefined: a new reception). */
export async function commitReception(
  next: ReceptionItem,
  previous: ReceptionItem | undefined,
  change: {
    from: ReceptionStatusCode;
    before: ReceptionLineItem[];
    to: ReceptionStatusCode | 'deleted';
    effects: LedgerEffect[];
    /** Other writes of the change, in its first transaction (an outbox entry, a timeline event). */
    extra?: TransactAction[];
  },
  hooks: SettleHooks = {},
): Promise<Settled> {
  const { doc, shortages } = await commitDocument(
    receptionKind,
    {
      next,
      previous,
      effects: change.effects,
      to: change.to,
      restore: { statusCode: change.from, lines: change.before },
      at: next.updatedAt,
      extra: change.extra,
    },
    hooks,
  );
  return { reception: doc, shortages };
}

/** Completes a reception's change recorded in steps, if any; the reception as it now stands. */
export async function settleReception(r: ReceptionItem, hooks: SettleHooks = {}): Promise<ReceptionItem | undefined> {
  if (!r.transition) return r;
  return (await settle(receptionKind, r, hooks)).doc;
}
