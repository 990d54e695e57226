/**
 * Webhooks: a client's system hears what the warehouse did with its documents without asking. A company's admin
 * registers endpoints (HTTPS on a stage) and picks the events; each event is POSTed to them as JSON, signed, retried
 * with a growing wait for 24 hours through a queue, then parked; a delivery log shows every attempt.
 *
 * Signature (verify it before trusting a delivery):
 *   Cellar-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>[,v1=<…>]
 * The key of the HMAC is the endpoint's secret as shown (`whsec_…`, its UTF-8 bytes). While a rotated secret
 * overlaps the new one (24 hours), a delivery carries one `v1` per secret: accept it when any matches. Refuse a `t`
 * more than 5 minutes from your clock (a replayed delivery). `Cellar-Event-Id` is the event's id: the same event
 * delivered again (after a crash, or replayed from the log) has the same id.
 */
import * as z from 'zod';
import { authorSchema } from '../common/author';
import { companyRefSchema } from '../companies/schemas';
import { MESSAGES } from '../validation/validators';
import { id, optionalString } from '../validation/zod';

export const WEBHOOK_EVENTS = [
  'order.acknowledged',
  'order.prepared',
  'order.shipped',
  'order.cancelled',
  'reception.received',
  'stock.adjusted',
] as const;
export const webhookEvent = z.enum(WEBHOOK_EVENTS, { error: MESSAGES.invalid });
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** The most endpoints a company registers. */
export const WEBHOOK_MAX_ENDPOINTS = 10;
/** How long a delivery is retried before it is parked. */
export const WEBHOOK_RETRY_HOURS = 24;
/** How long a rotated secret still signs beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** How far a signature's time may be from the receiver's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_HEADERS = {
  signature: 'Cellar-Signature',
  eventId: 'Cellar-Event-Id',
  eventType: 'Cellar-Event-Type',
} as const;

export const WEBHOOK_MESSAGES = {
  tooMany: 'api.webhook_too_many',
  https: 'api.webhook_https',
} as const;

/** An endpoint's address: http(s), no credentials in it, at most 500 characters; HTTPS on a stage (the service). */
export const webhookUrl = z
  .string()
  .trim()
  .max(500, { error: MESSAGES.maxLength })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: MESSAGES.invalid },
  );

const events = z.array(webhookEvent).min(1, { error: MESSAGES.required }).max(WEBHOOK_EVENTS.length);

export const webhookCreateSchema = z.strictObject({
  url: webhookUrl,
  events,
  description: optionalString(200),
  /** The provider's staff name the client; others register for their own company. */
  companyId: id.optional(),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.strictObject({
  url: webhookUrl.optional(),
  events: events.optional(),
  description: z.string().trim().max(200, { error: MESSAGES.maxLength }).optional(),
  active: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEvent),
  description: z.string(),
  active: z.boolean(),
  companyId: z.string(),
  company: companyRefSchema.pick({ id: true, code: true, name: true }),
  createdAt: z.string(),
  createdBy: authorSchema,
  /** When the secret was last rotated; the previous one signs too until `previousSecretUntil`. */
  secretRotatedAt: z.string().nullable(),
  previousSecretUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** An endpoint as registered or with a new secret: the only answers that hold the secret. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'parked'] as const;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused connection, timeout). */
  status: z.number().int().nullable(),
  /** What went wrong, without the receiver's body: `timeout`, `connection`, or `status`. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
});

export const webhookDeliverySchema = z.object({
  /** The event's id (also `Cellar-Event-Id`): one delivery per event and endpoint. */
  id: z.string(),
  type: webhookEvent,
  status: z.enum(DELIVERY_STATUSES),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** When the next attempt is due, while pending. */
  nextAt: z.string().nullable(),
  attemptCount: z.number().int(),
  /** The latest attempts, newest last (at most 10 kept). */
  attempts: z.array(webhookAttemptSchema),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookListQuery = z.strictObject({ companyId: id.optional() });
export const deliveryListQuery = z.strictObject({ cursor: z.string().max(500).optional() });
export const deliveryPageSchema = z.object({ data: z.array(webhookDeliverySchema), next: z.string().nullable() });
