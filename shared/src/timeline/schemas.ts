/**
 * A document's timeline: every event of an order or a reception, when, and from whom (a person, the warehouse, or
 * Cellar itself). One item per event beside the document, written in the transaction of the change it records.
 */
import * as z from 'zod';
import type { Author } from '../common/author';

export { type Author, authorSchema } from '../common/author';

/** Who did it: a person of Cellar (and, while acting as another, who really did), or the warehouse. */
export const timelineActorSchema = z.object({
  type: z.enum(['user', 'warehouse', 'system']),
  /** The person's name as it was then; null for the warehouse and the system. */
  name: z.string().nullable(),
  /** While a superadmin acted as this person: the superadmin's name. */
  actingFor: z.string().nullable(),
});
export type TimelineActor = z.infer<typeof timelineActorSchema>;

/** The author as a timeline names a person. */
export const actorOfAuthor = (a: Author): TimelineActor => ({
  type: 'user',
  name: a.name,
  actingFor: a.actingFor?.name ?? null,
});

/**
 * What an event is: a person's act (`sent`, `modified`, `status` changed by the provider's staff as an override,
 * `cancellation_requested`, `cancelled`), or a warehouse report by its message type (`order.shipped`…).
 */
export const timelineEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  type: z.string(),
  actor: timelineActorSchema,
  /** The status before and after, when it changed. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** What the event said: a reason, tracking numbers, quantities by product… */
  details: z.record(z.string(), z.unknown()),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/** Events one document keeps in its timeline (a document lives through a few dozen). */
export const TIMELINE_MAX = 200;
