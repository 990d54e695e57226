/**
 * Webhook endpoints: registered, changed, rotated and removed by a company's admins for their company, by the
 * provider's staff for any; their delivery logs read, and a delivery sent again on demand.
 */
import { randomBytes } from 'node:crypto';
import { clock } from '@cellar/shared/common/clock';
import { MESSAGES } from '@cellar/shared/validation/validators';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
} from '@cellar/shared/webhooks/schemas';
import { authorOf } from '../caller/author';
import { ownerCompany } from '../caller/owner';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import { config } from '../config/config';
import { mapBounded } from '../data/fan-out';
import { newId } from '../data/ids';
import { companies, companyRef } from '../data/reference';
import { getItem, putVersioned } from '../data/table';
import { TransactionCancelledError } from '../data/transact';
import { InvalidError, NotFoundError } from '../errors';
import { workDocument } from './events';
import {
  companyEndpoints,
  type DeliveryItem,
  deliveryItem,
  deliveryKeyOfId,
  deliveryPage,
  type EndpointItem,
  getEndpoint,
  insertEndpoint,
  parseDelivery,
  removeEndpoint,
  saveEndpoint,
} from './repository';

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

async function view(e: EndpointItem): Promise<Webhook> {
  const company = companyRef((await companies.get()).get(e.companyId)) ?? { id: e.companyId, code: '', name: '' };
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    description: e.description,
    active: e.active,
    companyId: e.companyId,
    company,
    createdAt: e.createdAt,
    createdBy: e.createdBy,
    secretRotatedAt: e.secretRotatedAt,
    previousSecretUntil: e.previousSecretUntil,
  };
}

const deliveryView = (d: DeliveryItem): WebhookDelivery => ({
  id: d.id,
  type: d.type,
  status: d.status,
  createdAt: d.createdAt,
  deliveredAt: d.deliveredAt,
  nextAt: d.status === 'pending' ? d.nextAt : null,
  attemptCount: d.attemptCount,
  attempts: d.attempts,
  payload: d.payload,
});

/** Addresses of the machine itself or of a private network: no client's system is reached there. */
const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.internal|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i;

/**
 * On a stage, receivers are reached over HTTPS only, at a public name or address (never the function's own
 * machine or network); the local runtime's own receiver speaks HTTP on the loopback.
 */
function checkUrl(url: string | undefined) {
  if (!url || config.appEnv === 'local') return;
  if (!url.startsWith('https://')) throw new InvalidError({ url: [WEBHOOK_MESSAGES.https] });
  if (PRIVATE_HOST.test(new URL(url).hostname)) throw new InvalidError({ url: [MESSAGES.invalid] });
}

export async function listWebhooks(caller: Caller, query: { companyId?: string }): Promise<Webhook[]> {
  const companyId = caller.isSuperadmin ? query.companyId : caller.tenantId;
  if (!companyId) {
    // One query per company, a few at a time (data/fan-out.ts).
    const all = await mapBounded([...(await companies.get()).keys()], companyEndpoints);
    return Promise.all(all.flat().map(view));
  }
  return Promise.all((await companyEndpoints(companyId)).map(view));
}

export async function createWebhook(caller: Caller, input: WebhookCreate) {
  checkUrl(input.url);
  const company = await ownerCompany(caller, input.companyId);
  const secret = newSecret();
  const endpoint: EndpointItem = {
    id: newId(),
    companyId: company.id,
    url: input.url,
    events: input.events,
    description: input.description,
    active: true,
    secret,
    previousSecret: null,
    previousSecretUntil: null,
    secretRotatedAt: null,
    createdAt: clock.iso(),
    createdBy: authorOf(caller),
    version: 1,
  };
  try {
    await insertEndpoint(endpoint, WEBHOOK_MAX_ENDPOINTS);
  } catch (e) {
    if (e instanceof TransactionCancelledError && e.failed(1)) {
      throw new InvalidError({}, WEBHOOK_MESSAGES.tooMany, { max: WEBHOOK_MAX_ENDPOINTS });
    }
    throw e;
  }
  return { ...(await view(endpoint)), secret };
}

async function administered(caller: Caller, id: string): Promise<EndpointItem> {
  const endpoint = await getEndpoint(id);
  if (!endpoint || !seesOwner(caller, endpoint.companyId)) throw new NotFoundError();
  return endpoint;
}

export async function updateWebhook(caller: Caller, id: string, input: WebhookUpdate): Promise<Webhook> {
  checkUrl(input.url);
  const endpoint = await administered(caller, id);
  const next = { ...endpoint, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  return view(await saveEndpoint(next, endpoint));
}

export async function deleteWebhook(caller: Caller, id: string): Promise<void> {
  await removeEndpoint(await administered(caller, id));
}

/** A new secret; the previous one signs beside it for a day, so that a receiver can switch without a gap. */
export async function rotateWebhook(caller: Caller, id: string) {
  const endpoint = await administered(caller, id);
  const now = new Date();
  const secret = newSecret();
  const next: EndpointItem = {
    ...endpoint,
    secret,
    previousSecret: endpoint.secret,
    previousSecretUntil: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000).toISOString(),
    secretRotatedAt: now.toISOString(),
  };
  return { ...(await view(await saveEndpoint(next, endpoint))), secret };
}

export async function webhookDeliveries(caller: Caller, id: string, cursor?: string) {
  const endpoint = await administered(caller, id);
  const page = await deliveryPage(endpoint.id, 50, cursor);
  if (!page) throw new InvalidError({ cursor: [MESSAGES.invalid] });
  return { data: page.deliveries.map(deliveryView), next: page.next };
}

/**
 * Sends a delivery again, whatever became of it: due now, with a fresh day of retries. Its receiver gets the same
 * event (the same `Cellar-Event-Id`).
 */
export async function replayDelivery(caller: Caller, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const endpoint = await administered(caller, id);
  const key = deliveryKeyOfId(endpoint.id, deliveryId);
  const item = key && (await getItem(key));
  if (!item) throw new NotFoundError();
  const d = parseDelivery(item);
  const now = new Date().toISOString();
  const next: DeliveryItem = { ...d, status: 'pending', nextAt: now, windowStart: now, leaseUntil: null };
  await putVersioned(deliveryItem(next), d.version);
  await workDocument(endpoint.id, d.documentKey);
  return deliveryView(next);
}
