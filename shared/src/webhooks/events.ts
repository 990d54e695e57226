/**
 * The webhook events as a client's endpoint receives them (./schemas.ts says how they are signed and retried): the
 * AsyncAPI document is generated from these. Apart from the routes' schemas, which no function needs them for.
 */
import * as z from 'zod';
import type { WebhookEvent } from './schemas';

const orderRef = z.object({ id: z.string(), reference: z.string().nullable(), statusCode: z.string() });
const envelope = <T extends WebhookEvent, D extends z.ZodType>(type: T, data: D, description: string) =>
  z
    .object({
      id: z.string(),
      type: z.literal(type),
      /** When it happened (the warehouse's date of the fact). */
      createdAt: z.string(),
      companyId: z.string(),
      data,
    })
    .meta({ title: type, description });

const short = z.array(
  z.object({ productCode: z.string(), batch: z.string().nullable(), ordered: z.number(), prepared: z.number() }),
);

export const WEBHOOK_PAYLOADS = {
  'order.acknowledged': envelope(
    'order.acknowledged',
    z.object({ order: orderRef }),
    'The warehouse took the order (010).',
  ),
  'order.prepared': envelope(
    'order.prepared',
    z.object({ order: orderRef, short }),
    'The order is prepared (040); `short` lists the lines prepared below what was ordered.',
  ),
  'order.shipped': envelope(
    'order.shipped',
    z.object({
      order: orderRef,
      shippedAt: z.string(),
      carrierCode: z.string().nullable(),
      trackingNumbers: z.array(z.object({ number: z.string(), url: z.string().nullable() })),
      short,
    }),
    'The order left the warehouse (070), with its tracking.',
  ),
  'order.cancelled': envelope(
    'order.cancelled',
    z.object({ order: orderRef, reason: z.string().nullable() }),
    'The order is cancelled (050): refused by the warehouse, or its cancellation confirmed.',
  ),
  'reception.received': envelope(
    'reception.received',
    z.object({
      reception: orderRef,
      differences: z.array(
        z.object({
          productCode: z.string(),
          quality: z.string(),
          batch: z.string().nullable(),
          expected: z.number(),
          received: z.number(),
        }),
      ),
    }),
    'The delivery is counted (200); `differences` lists what differs from the notice.',
  ),
  'stock.adjusted': envelope(
    'stock.adjusted',
    z.object({
      adjustment: z.object({ id: z.string() }),
      productCode: z.string(),
      warehouseCode: z.string(),
      quantity: z.number().int(),
      reasonCode: z.string(),
      reason: z.string(),
      batch: z.string().nullable(),
    }),
    'Stock changed outside any order or reception (an inventory count, a breakage, a return).',
  ),
} as const satisfies Record<WebhookEvent, z.ZodType>;

export type WebhookPayload = z.infer<(typeof WEBHOOK_PAYLOADS)[WebhookEvent]>;
