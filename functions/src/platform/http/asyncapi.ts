/**
 * The AsyncAPI 3.0 document of the warehouse contract (shared/wms/contract.ts) and of the clients' webhook events
 * (shared/webhooks/schemas.ts), generated from the same zod schemas
 * the workers validate with, so that the document and the code cannot drift: what Cellar sends on the queue the
 * warehouse reads, and what it receives on the queue the warehouse writes. A provider's integrator connects a WMS
 * from this document alone. Served at /api/asyncapi.json beside the OpenAPI document. Pure and synchronous.
 */
import { WEBHOOK_PAYLOADS } from '@cellar/shared/webhooks/events';
import { CELLAR_MESSAGES, WMS_CONTRACT_VERSION, WMS_REPORTS } from '@cellar/shared/wms/contract';
import * as z from 'zod';
import { QUEUES } from '../../config/topology';

type Json = Record<string, unknown>;

const TO_WAREHOUSE = 'cellarToWarehouse';
const FROM_WAREHOUSE = 'warehouseToCellar';
const CLIENT_WEBHOOKS = 'clientWebhooks';

/** A message's JSON Schema (draft 7, AsyncAPI's default schema format), as the side that validates it reads it. */
function payload(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      const s = jsonSchema as Json;
      if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
      if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    },
  }) as Json;
  delete json.$schema;
  return json;
}

const metaOf = (schema: z.ZodType) => (z.globalRegistry.get(schema) ?? {}) as { title?: string; description?: string };

function messages(list: readonly z.ZodType[], io: 'input' | 'output', prefix = '') {
  const components: Record<string, Json> = {};
  const schemas: Record<string, Json> = {};
  for (const schema of list) {
    const { title, description } = metaOf(schema);
    const name = `${prefix}${title as string}`;
    schemas[name] = payload(schema, io);
    components[name] = {
      name,
      title: title as string,
      summary: description,
      contentType: 'application/json',
      payload: { $ref: `#/components/schemas/${name}` },
    };
  }
  return { components, schemas };
}

/** A channel's messages: each a reference to its component. */
const channelMessages = (names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/messages/${n}` }]));

/** The client's webhook events: named apart from the warehouse's messages of the same type. */
export const WEBHOOK_PREFIX = 'webhook.';

export function asyncApiDocument(): Json {
  const out = messages(CELLAR_MESSAGES, 'output');
  const inn = messages(WMS_REPORTS, 'input');
  const hooks = messages(Object.values(WEBHOOK_PAYLOADS), 'output', WEBHOOK_PREFIX);
  const sent = Object.keys(out.components);
  const received = Object.keys(inn.components);
  const delivered = Object.keys(hooks.components);
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Cellar ⇄ warehouse management system',
      version: String(WMS_CONTRACT_VERSION),
      description: [
        'What Cellar (the client extranet) and the provider’s warehouse system tell each other. Cellar is the source',
        'of what the client asked (orders, receptions, shipping orders); the warehouse is the source of what happened',
        'physically (prepared, shipped, arrived, counted, adjusted).',
        '',
        'Each message is one JSON object in the body of an SQS message. Delivery is at least once, in no particular',
        'order: each message names its document (`documentId`) and a sequence (`seq`) that grows with each change of',
        'that document on the sender’s side (gaps are normal). Apply a message only when its `seq` is higher than the',
        'last one applied for the document, and ignore the others. So every message carries the whole of what it says.',
        '',
        'A report Cellar cannot read or apply (outside this contract, naming an unknown document or line, more than',
        'was ordered) is left on its queue and moves to its dead-letter queue after a few receives; an alarm calls the',
        'provider’s staff. Nothing is dropped.',
        '',
        'The same facts reach a client’s own systems through its webhooks (channel `clientWebhooks`): each event is',
        'POSTed as JSON to the endpoints its admin registered for it, signed (header `Cellar-Signature`:',
        '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint’s secret>`, one `v1` per',
        'secret while a rotated one overlaps the new for a day; refuse a `t` more than 5 minutes off). A receiver',
        'answers 2xx within 10 s; anything else is tried again, waiting twice as long each time (30 s, 1 min… an',
        'hour at most), for 24 hours, then parked in the endpoint’s delivery log, from which it may be replayed.',
        'The events of one document arrive in their order; `Cellar-Event-Id` names each event and stays the same',
        'when it is delivered again, so a receiver applies each id once.',
      ].join('\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      aws: {
        host: 'sqs.eu-west-3.amazonaws.com',
        protocol: 'sqs',
        description: 'Amazon SQS in the stage’s region; the queue URLs are outputs of the stage’s data stack.',
      },
      clientEndpoint: {
        host: 'your-system.example.com',
        protocol: 'https',
        description: 'A client’s own endpoint, registered on the Webhooks page (HTTPS on a stage).',
      },
    },
    channels: {
      [TO_WAREHOUSE]: {
        address: QUEUES.warehouseOrders.localName,
        title: 'Cellar → warehouse',
        description: 'What Cellar asks of the warehouse. The message type is also the SQS message attribute `type`.',
        messages: channelMessages(sent),
      },
      [FROM_WAREHOUSE]: {
        address: QUEUES.warehouseEvents.localName,
        title: 'Warehouse → Cellar',
        description: 'What the warehouse reports. Number your reports per document, increasing.',
        messages: channelMessages(received),
      },
      [CLIENT_WEBHOOKS]: {
        address: null,
        title: 'Cellar → a client’s endpoint',
        description: 'Webhook events, POSTed to the endpoint’s own address.',
        servers: [{ $ref: '#/servers/clientEndpoint' }],
        messages: channelMessages(delivered),
      },
    },
    operations: {
      tellWarehouse: {
        action: 'send',
        title: 'Cellar tells the warehouse',
        channel: { $ref: `#/channels/${TO_WAREHOUSE}` },
        messages: sent.map((n) => ({ $ref: `#/channels/${TO_WAREHOUSE}/messages/${n}` })),
      },
      hearWarehouse: {
        action: 'receive',
        title: 'Cellar applies the warehouse’s reports',
        channel: { $ref: `#/channels/${FROM_WAREHOUSE}` },
        messages: received.map((n) => ({ $ref: `#/channels/${FROM_WAREHOUSE}/messages/${n}` })),
      },
      notifyClient: {
        action: 'send',
        title: 'Cellar tells a client’s system',
        channel: { $ref: `#/channels/${CLIENT_WEBHOOKS}` },
        messages: delivered.map((n) => ({ $ref: `#/channels/${CLIENT_WEBHOOKS}/messages/${n}` })),
      },
    },
    components: {
      messages: { ...out.components, ...inn.components, ...hooks.components },
      schemas: { ...out.schemas, ...inn.schemas, ...hooks.schemas },
    },
  };
}
