/**
 * What an order's or a reception's change writes beside itself, in its own transaction: its timeline event, what
 * the warehouse must hear of it (the outbox entry), and what else the change calls for (the e-mails of a report).
 */
import type { CellarMessageType } from '@cellar/shared/wms/contract';
import type { TransactAction } from '../data/transact';
import { outboxPut } from '../outbox/outbox';
import { type DocumentKindName, type EventInput, timelinePut } from './repository';

/** What a change is, beyond the document's next state. */
export interface ChangeOf {
  /** Who did what, for the document's timeline (none: a change nobody made, such as the demo's seed). */
  event?: EventInput;
  /** A warehouse report: facts, applied as the warehouse says (what left leaves even a line short of it). */
  facts?: boolean;
  /** When it happened, if not now (the date of the movements of a shipment or a count the warehouse reports). */
  at?: string;
  /** The content changed after the send: the warehouse gets the whole document again. */
  modified?: boolean;
  /** Other writes of the change, in its transaction (the e-mails a report calls for). */
  extra?: TransactAction[];
}

/** The writes of a change beside its document: `from` undefined for a new document. */
export function changeWrites(
  kind: DocumentKindName,
  doc: { id: string; ownerId: string; statusCode: string },
  from: string | undefined,
  tell: CellarMessageType | null,
  c: ChangeOf,
  when: { now: string; at: string },
): TransactAction[] {
  const changed = from === undefined || doc.statusCode !== from;
  return [
    ...(c.extra ?? []),
    ...(tell ? [outboxPut(kind, doc, tell, when.now)] : []),
    ...(c.event
      ? [timelinePut(kind, doc, c.event, { at: when.at, from: from ?? null, to: changed ? doc.statusCode : null })]
      : []),
  ];
}
