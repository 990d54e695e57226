/**
 * Documents' timelines (shared/timeline/schemas.ts): one item per event beside its document, put in the
 * transaction of the change it records, so that an event is there exactly when its change is.
 *   event   PK T#<owner>   SK EVENT#<kind>#<document id>#<at>#<event id>
 */
import {
  actorOfAuthor,
  TIMELINE_MAX,
  type TimelineActor,
  type TimelineEvent,
  timelineEventSchema,
} from '@cellar/shared/timeline/schemas';
import { monotonicFactory } from 'ulid';

/** Event ids that keep their order within one millisecond (a seed, a burst of reports). */
const ulid = monotonicFactory();

import { authorOf } from '../caller/author';
import type { Caller } from '../caller/principal';
import { keys } from '../data/keys';
import { type Item, type Key, putNew, readItems } from '../data/table';
import type { TransactAction } from '../data/transact';
import { ItemExistsError } from '../errors';

export type DocumentKindName = 'order' | 'reception';

/** The warehouse, as the author of its reports. */
export const WAREHOUSE_ACTOR: TimelineActor = { type: 'warehouse', name: null, actingFor: null };

/** The person behind a request, as the timeline names them. */
export const actorOf = (caller: Caller): TimelineActor => actorOfAuthor(authorOf(caller));

/** An event to record: what happened and who did it (its date and the statuses come from the change). */
export interface EventInput {
  type: string;
  actor: TimelineActor;
  details?: Record<string, unknown>;
  /** The event's own id, when it has one (a warehouse report's: reportEventId), else a new one. */
  id?: string;
}

/**
 * The id of the event a warehouse report records: from its seq, so that the report is recorded once however often
 * it is delivered, whether it changed the document or came late (lateReport).
 */
export const reportEventId = (seq: number) => `WMS${String(seq).padStart(12, '0')}`;

/** The put of an event, for the transaction of the change it records. */
export function timelinePut(
  kind: DocumentKindName,
  doc: { id: string; ownerId: string },
  event: EventInput,
  change: { at: string; from: string | null; to: string | null },
): TransactAction {
  const id = event.id ?? ulid();
  const e: TimelineEvent = {
    id,
    at: change.at,
    type: event.type,
    actor: event.actor,
    from: change.from,
    to: change.to,
    details: event.details ?? {},
  };
  return { put: { ...keys.timelineEvent(doc.ownerId, kind, doc.id, change.at, id), entity: 'timelineEvent', ...e } };
}

/**
 * Records a warehouse report that came after a later one of its document (SQS delivers in no set order): it
 * changes nothing, the later report having said more, but what it reports happened, at its date, and the timeline
 * shows it there. A report delivered again, applied or late, is already recorded: false. Only a late report reads
 * the timeline (bounded: TIMELINE_MAX).
 */
export async function recordLateReport(
  kind: DocumentKindName,
  doc: { id: string; ownerId: string; statusCode: string },
  report: { type: string; seq: number },
  at: string,
): Promise<boolean> {
  const id = reportEventId(report.seq);
  // Recorded already (under the date it first came with), or recorded now once: the put is on a key of its date.
  if ((await timeline(kind, doc)).some((e) => e.id === id)) return false;
  const event = { id, type: report.type, actor: WAREHOUSE_ACTOR, details: { late: true } };
  const { put } = timelinePut(kind, doc, event, { at, from: doc.statusCode, to: null }) as { put: Item & Key };
  try {
    await putNew(put);
    return true;
  } catch (e) {
    if (e instanceof ItemExistsError) return false;
    throw e;
  }
}

/** A document's events, oldest first (at most TIMELINE_MAX). */
export async function timeline(kind: DocumentKindName, doc: { id: string; ownerId: string }): Promise<TimelineEvent[]> {
  const items = await readItems(
    { pk: keys.tenant(doc.ownerId), skPrefix: keys.timelinePrefix(kind, doc.id) },
    TIMELINE_MAX,
  );
  return items.map((i) => timelineEventSchema.parse(i));
}
