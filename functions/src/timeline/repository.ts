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
import { readItems } from '../data/table';
import type { TransactAction } from '../data/transact';

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
}

/** The put of an event, for the transaction of the change it records. */
export function timelinePut(
  kind: DocumentKindName,
  doc: { id: string; ownerId: string },
  event: EventInput,
  change: { at: string; from: string | null; to: string | null },
): TransactAction {
  const id = ulid();
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

/** A document's events, oldest first (at most TIMELINE_MAX). */
export async function timeline(kind: DocumentKindName, doc: { id: string; ownerId: string }): Promise<TimelineEvent[]> {
  const items = await readItems(
    { pk: keys.tenant(doc.ownerId), skPrefix: keys.timelinePrefix(kind, doc.id) },
    TIMELINE_MAX,
  );
  return items.map((i) => timelineEventSchema.parse(i));
}
