/**
 * Delivering an endpoint's events for one document, in their order (webhooks/worker.ts works one such message):
 *
 *   deliveries of the document, by seq ──► first pending ──► due? no ──► come back when it is (queue delay)
 *                                                │ yes
 *                                     claim it (versioned write, a lease)  ── taken ──► another worker has it
 *                                                │
 *                                     POST, signed ──► 2xx ──► delivered ──► next pending of the document
 *                                                └──► else ──► 24 h since its first try? parked ──► next pending
 *                                                                    └──► wait twice as long, come back then
 *
 * A later event of a document waits while an earlier one is pending: a receiver hears them in their order. A
 * claim lasts past the POST's timeout, so that a worker that dies mid-delivery leaves the delivery to be claimed
 * again (the sweep finds it due): nothing is lost, and the receiver may see the same `Cellar-Event-Id` twice only
 * then (when the first POST was received but its answer not recorded).
 */
import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_RETRY_HOURS } from '@cellar/shared/webhooks/schemas';
import { config } from '../config/config';
import { putVersioned } from '../data/table';
import { StaleVersionError } from '../errors';
import { logger } from '../observability/logger';
import { workDocument } from './events';
import {
  type DeliveryItem,
  deliveryItem,
  documentDeliveries,
  type EndpointItem,
  getEndpoint,
  withAttempt,
} from './repository';

/** A receiver has this long to answer a delivery. */
const POST_TIMEOUT_MS = 10_000;
/** A claim outlives the POST's timeout: a worker that died lets go of it then. */
const LEASE_MS = 30_000;
/** The longest wait between two tries. */
const MAX_WAIT_MS = 3_600_000;

/** HMAC-SHA256 of `<t>.<body>` with the secret, hex: the `v1` of the signature header. */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The endpoint's secrets that sign now: the current one, and the previous one until its overlap ends. */
export function signingSecrets(e: EndpointItem, now: Date): string[] {
  const overlap = e.previousSecret && e.previousSecretUntil && Date.parse(e.previousSecretUntil) > now.getTime();
  return overlap ? [e.secret, e.previousSecret as string] : [e.secret];
}

/** The `Cellar-Signature` header: `t=<unix seconds>,v1=<hex>` with one `v1` per signing secret. */
export const signatureHeader = (secrets: readonly string[], timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((s) => `v1=${signatureOf(s, timestamp, body)}`)].join(',');

/** The wait before try n + 1 after n failed ones: the base, doubled each time, an hour at most. */
export const retryAfterMs = (failures: number, baseMs = config.webhookRetryBaseMs) =>
  Math.min(baseMs * 2 ** Math.max(0, failures - 1), MAX_WAIT_MS);

type Attempt = DeliveryItem['attempts'][number];

async function post(endpoint: EndpointItem, d: DeliveryItem, now: Date): Promise<Attempt> {
  const body = JSON.stringify(d.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const started = Date.now();
  const attempt = (status: number | null, error: string | null): Attempt => ({
    at: now.toISOString(),
    status,
    error,
    durationMs: Date.now() - started,
  });
  try {
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Cellar-Webhooks/1',
        [WEBHOOK_HEADERS.signature]: signatureHeader(signingSecrets(endpoint, now), timestamp, body),
        [WEBHOOK_HEADERS.eventId]: d.id,
        [WEBHOOK_HEADERS.eventType]: d.type,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    // The answer's body is not kept: a receiver's page is no business of the log.
    await res.body?.cancel();
    return attempt(res.status, res.status >= 200 && res.status < 300 ? null : 'status');
  } catch (e) {
    return attempt(null, (e as Error).name === 'TimeoutError' ? 'timeout' : 'connection');
  }
}

/** Writes the delivery's new state if nobody wrote it since it was read: the written record, or undefined. */
async function write(next: DeliveryItem, read: DeliveryItem): Promise<DeliveryItem | undefined> {
  try {
    await putVersioned(deliveryItem(next), read.version);
    return { ...next, version: read.version + 1 };
  } catch (e) {
    if (e instanceof StaleVersionError) return undefined;
    throw e;
  }
}

const isOver = (d: DeliveryItem, now: Date) =>
  now.getTime() - Date.parse(d.windowStart) >= WEBHOOK_RETRY_HOURS * 3_600_000;

/**
 * Delivers what the endpoint has pending for the document, in order, until one fails (tried again later) or none
 * is left. Answers how many were delivered.
 */
export async function deliverDocument(endpointId: string, documentKey: string): Promise<number> {
  const endpoint = await getEndpoint(endpointId);
  let delivered = 0;
  for (;;) {
    const pending = (await documentDeliveries(endpointId, documentKey)).find((d) => d.status === 'pending');
    if (!pending) return delivered;
    const now = new Date();
    // An endpoint removed: what it had pending is parked (its log stays readable until it expires).
    if (!endpoint) {
      await write({ ...pending, status: 'parked', nextAt: null }, pending);
      continue;
    }
    const dueIn = Date.parse(pending.nextAt ?? '') - now.getTime();
    if (dueIn > 0) {
      await workDocument(endpointId, documentKey, dueIn / 1000);
      return delivered;
    }
    if (pending.leaseUntil && Date.parse(pending.leaseUntil) > now.getTime()) return delivered;
    if (!endpoint.active) {
      // Switched off: nothing is sent; the deliveries wait (an hour at a time) and park when their day is over.
      const over = isOver(pending, now);
      const paused = { ...pending, nextAt: over ? null : new Date(now.getTime() + MAX_WAIT_MS).toISOString() };
      await write({ ...paused, status: over ? 'parked' : 'pending' }, pending);
      if (over) continue;
      return delivered;
    }
    const claimed = await write({ ...pending, leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() }, pending);
    if (!claimed) return delivered;
    const attempt = await post(endpoint, claimed, now);
    const tried = {
      ...claimed,
      leaseUntil: null,
      attemptCount: claimed.attemptCount + 1,
      attempts: withAttempt(claimed, attempt),
    };
    if (attempt.error === null) {
      await write({ ...tried, status: 'delivered', deliveredAt: attempt.at, nextAt: null }, claimed);
      delivered += 1;
      continue;
    }
    const done = new Date();
    if (isOver(tried, done)) {
      logger.warn('Webhook delivery parked', { endpointId, eventId: tried.id, attempts: tried.attemptCount });
      await write({ ...tried, status: 'parked', nextAt: null }, claimed);
      continue;
    }
    const wait = retryAfterMs(tried.attemptCount);
    await write({ ...tried, nextAt: new Date(done.getTime() + wait).toISOString() }, claimed);
    await workDocument(endpointId, documentKey, wait / 1000);
    return delivered;
  }
}
