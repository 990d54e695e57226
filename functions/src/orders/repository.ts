/**
 * Orders in the single table (see data/ACCESS-PATTERNS.md, patterns 38–45):
 *   item         PK T#<owner>                 SK ORDER#<id>             ids are ULIDs: key order is creation order
 *   by id        GSI1PK ID#<id>               GSI1SK ORDER
 *   all owners   GSI2PK ORDERS                GSI2SK <id>               the superadmin's cross-tenant list
 *   list sorts   LSnPK T#<owner>#ORDER        LSnSK <value>#<id>        one sortable column per index (ORDER_LIST)
 *   search       PK SEARCH#<scope>#<c>        SK <word>#<id>            references, recipient name and city
 *   reference    PK T#<owner>                 SK ORDER_REF#<reference>  unique per owner (a claim)
 *   idempotency  PK T#<owner>                 SK IDEMPOTENCY#ORDER#<key> → the order a POST created
 *   totals       PK COUNT#<T#owner|ALL>       SK ORDER#<segment|->; per owner ORDER#status#<code>, ORDER#country#<cc>
 *   dashboard    PK COUNT#<T#owner|ALL>       SK DASH#ORDER#<month>#orders|bottles (data/figures.ts)
 * The lines live in the item (at most ORDER_LINES_MAX). The carrier's and warehouse's code and name are copied as
 * they were when the order was saved, for the list's sorts and search.
 */
import { addressDisplayName, addressFields } from '@cellar/shared/common/address';
import { authorSchema } from '@cellar/shared/common/author';
import { segmentCode } from '@cellar/shared/common/schemas';
import { ORDER_LIST } from '@cellar/shared/orders/routes';
import {
  fulfilmentSchema,
  NO_FULFILMENT,
  ORDER_TYPES,
  orderStatusCode,
  orderWords,
  packingSchema,
} from '@cellar/shared/orders/schemas';
import * as z from 'zod';
import { segmentTotals } from '../data/counters';
import { defineEntity } from '../data/entity';
import { orderFigureRanges, orderFigures } from '../data/figures';
import { keys } from '../data/keys';
import { getItem, putNew, queryAll, type Source } from '../data/table';
import { ItemExistsError } from '../errors';
import { transitionSchema as ledgerTransition } from '../stocks/ledger';

const refCopy = z.object({ id: z.string(), code: z.string(), name: z.string() });

const lineItemSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  stockId: z.string(),
  productId: z.string(),
  productCode: z.string(),
  productLabel: z.string(),
  pcb: z.number().int().nullable(),
  warehouseId: z.string(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  ordered: z.number().int(),
  prepared: z.number().int().nullable(),
});
export type OrderLineItem = z.infer<typeof lineItemSchema>;

/**
 * A change of status or lines applied in steps (more effects than one transaction holds): recorded on the order by
 * the first step, cleared by the last (stocks/ledger.ts), so that whoever finds it (a re-read, the sweep) completes it.
 */
const transitionSchema = ledgerTransition(orderStatusCode, lineItemSchema);
export type Transition = z.infer<typeof transitionSchema>;

const orderItemSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  segment: segmentCode.nullable(),
  reference: z.string(),
  recipientReference: z.string(),
  groupingNumber: z.string(),
  exitPoint: z.string(),
  type: z.enum(ORDER_TYPES).nullable(),
  statusCode: orderStatusCode,
  warehouse: refCopy.nullable(),
  recipient: addressFields.nullable(),
  customerId: z.string().nullable(),
  carrier: refCopy.nullable(),
  serviceCode: z.string().nullable(),
  pickupManagedByProduct: z.union([z.literal(0), z.literal(1)]),
  shippingLabelRequired: z.union([z.literal(0), z.literal(1)]),
  deliveryDate: z.string().nullable(),
  pickupDate: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  preparationDate: z.string().nullable(),
  deliveryComment: z.string(),
  preparationComment: z.string(),
  comment: z.string(),
  shippingTrackingId: z.string().nullable(),
  lines: z.array(lineItemSchema),
  packings: z.array(packingSchema),
  orderedQuantity: z.number().int(),
  preparedQuantity: z.number().int(),
  supportType: z.string().nullable(),
  supportNumber: z.number().int().nullable(),
  /** The number of the last change of stock effects (each change has the next one). */
  seq: z.number().int(),
  transition: transitionSchema.nullable(),
  /** The ship that wrote the output movements: their ids and date derive from it. */
  shipped: z.object({ seq: z.number().int(), at: z.string() }).nullable(),
  /** When the order was last published to the warehouse. */
  transmittedAt: z.string().nullable(),
  /** What the warehouse reported (tracking, shipment), and a cancellation waiting for its answer. */
  fulfilment: fulfilmentSchema.default(NO_FULFILMENT),
  /** The `seq` of the last warehouse report applied: a report applies only above it (wms/contract.ts). */
  wmsSeq: z.number().int().default(0),
  /** Whose order it is (a draft is offered to its author only), and who acted as them; null before it was kept. */
  createdBy: authorSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const ALL = 'ALL';
const segmentCounts = segmentTotals('ORDER');
const statusCounter = (status: string) => `ORDER#status#${status}`;
const COUNTRY_COUNTER = 'ORDER#country#';

/** The list-sort and search partition of one owner's orders, or of every owner's. */
export const orderListScope = (owner: string | 'all') => `${owner === 'all' ? ALL : keys.tenant(owner)}#ORDER`;

/** The order as its list reads it (the plan's fields). */
export const orderRow = (o: OrderItem) => ({
  ...o,
  recipient: o.recipient ? { ...o.recipient, displayName: addressDisplayName(o.recipient) } : null,
});

export const orderRecords = defineEntity<OrderItem>({
  name: 'order',
  schema: orderItemSchema,
  key: (o) => keys.order(o.ownerId, o.id),
  indexes: (o) => ({ GSI1: [keys.byId(o.id), 'ORDER'], GSI2: [keys.orders, o.id] }),
  counters: (o) => [
    ...segmentCounts.keysOf(o.ownerId, o.segment),
    keys.counter(keys.tenant(o.ownerId), statusCounter(o.statusCode)),
    ...(o.recipient?.country ? [keys.counter(keys.tenant(o.ownerId), `${COUNTRY_COUNTER}${o.recipient.country}`)] : []),
    ...orderFigures(o),
  ],
  counterRanges: orderFigureRanges,
  claims: (o) => (o.reference ? [{ key: keys.orderReference(o.ownerId, o.reference), field: 'reference' }] : []),
  everywhere: () => [{ index: 'GSI2', pk: keys.orders }],
  list: {
    spec: ORDER_LIST,
    sortScope: (o) => orderListScope(o.ownerId),
    row: orderRow,
    search: {
      scopes: (o) => [orderListScope(o.ownerId), orderListScope('all')],
      words: orderWords,
    },
  },
});

export const findOrder = (id: string) => orderRecords.findById(id, 'ORDER');

/** One owner's orders in creation order, or every owner's through GSI2. */
export const orderSource = (owner: string | 'all'): Omit<Source, 'desc'> =>
  owner === 'all' ? { index: 'GSI2', pk: keys.orders } : { pk: keys.tenant(owner), skPrefix: keys.orderPrefix };

/** How many orders an owner (or everyone) has within some segments. */
export const countOrders = (owner: string | 'all', segments: readonly (string | null)[]) =>
  segmentCounts.count(owner, segments);

/** The recipients' countries of an owner's orders (those with at least one order). */
export async function orderCountries(ownerId: string): Promise<string[]> {
  const out: string[] = [];
  for await (const c of queryAll({
    pk: keys.counter(keys.tenant(ownerId), COUNTRY_COUNTER).PK,
    skPrefix: COUNTRY_COUNTER,
  })) {
    if (Number(c.n ?? 0) > 0) out.push(String(c.SK).slice(COUNTRY_COUNTER.length));
  }
  return out;
}

/**
 * Claims an `Idempotency-Key` for a new order's id and the fingerprint of its body; returns what is bound to the key
 * (this order's, or the earlier request's id and fingerprint when the key was used). Keys are kept per owner: two
 * companies' keys never meet. A claim written before fingerprints existed has none.
 */
export async function claimIdempotencyKey(
  ownerId: string,
  key: string,
  orderId: string,
  fingerprint: string,
): Promise<{ orderId: string; fingerprint?: string }> {
  const item = { ...keys.orderIdempotency(ownerId, key), entity: 'orderIdempotency', orderId, fingerprint };
  try {
    await putNew(item);
    return { orderId, fingerprint };
  } catch (e) {
    if (!(e instanceof ItemExistsError)) throw e;
    const found = await getItem(keys.orderIdempotency(ownerId, key));
    return {
      orderId: typeof found?.orderId === 'string' ? found.orderId : orderId,
      ...(typeof found?.fingerprint === 'string' ? { fingerprint: found.fingerprint } : {}),
    };
  }
}

/** The order an `Idempotency-Key` of an owner is bound to, when that order exists (a create that went through). */
export async function findOrderOfKey(ownerId: string, key: string): Promise<OrderItem | undefined> {
  const claim = await getItem<{ orderId?: unknown }>(keys.orderIdempotency(ownerId, key));
  return typeof claim?.orderId === 'string' ? findOrder(claim.orderId) : undefined;
}
