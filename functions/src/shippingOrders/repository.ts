/**
 * Shipping orders in the single table (see data/ACCESS-PATTERNS.md, patterns 45–49):
 *   item        PK T#<owner>                        SK SHIPPING_ORDER#<id>   ids are ULIDs: key order is creation order
 *   by id       GSI1PK ID#<id>                      GSI1SK SHIPPING_ORDER
 *   all owners  GSI2PK SHIPPING_ORDERS              GSI2SK <id>              the superadmin's cross-tenant list
 *   list sorts  LSnPK T#<owner>#SHIPPING_ORDER      LSnSK <value>#<id>       one sortable column per index
 *   search      PK SEARCH#<scope>#<c>               SK <word>#<id>           reference, tracking, address names, cities
 *   totals      PK COUNT#<T#owner|ALL>              SK SHIPPING_ORDER#<segment>
 * The warehouse's and the contacts' code and name are copied as they were when the shipping order was saved.
 */

import { authorSchema } from '@cellar/shared/common/author';
import { segmentCode } from '@cellar/shared/common/schemas';
import { SHIPPING_ORDER_LIST } from '@cellar/shared/shippingOrders/routes';
import {
  shippingAddressSchema,
  shippingOrderStatusCode,
  shippingOrderWords,
} from '@cellar/shared/shippingOrders/schemas';
import * as z from 'zod';
import { segmentTotals } from '../data/counters';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import type { Source } from '../data/table';

const refCopy = z.object({ id: z.string(), code: z.string(), name: z.string() });

const shippingOrderItemSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  segment: segmentCode,
  warehouse: refCopy,
  reference: z.string(),
  statusCode: shippingOrderStatusCode,
  sender: refCopy.nullable(),
  recipient: refCopy.nullable(),
  pickupAddress: shippingAddressSchema,
  deliveryAddress: shippingAddressSchema,
  palletCount: z.number().int(),
  parcelCount: z.number().int().nullable(),
  unitCount: z.number().int(),
  /** 1.3 × unitCount, kept as it was sent. */
  weight: z.number(),
  pickupDate: z.string().nullable(),
  deliveryDate: z.string(),
  pickedupAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  tracking: z.string().nullable(),
  /** Who booked it and who last changed it, and who acted as them (no timeline keeps it); null before it was kept. */
  createdBy: authorSchema.nullable().default(null),
  updatedBy: authorSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ShippingOrderItem = z.infer<typeof shippingOrderItemSchema>;

const ALL = 'ALL';
const segmentCounts = segmentTotals('SHIPPING_ORDER');

/** The list-sort and search partition of one owner's shipping orders, or of every owner's. */
export const shippingOrderListScope = (owner: string | 'all') =>
  `${owner === 'all' ? ALL : keys.tenant(owner)}#SHIPPING_ORDER`;

export const shippingOrderRecords = defineEntity<ShippingOrderItem>({
  name: 'shippingOrder',
  schema: shippingOrderItemSchema,
  key: (o) => keys.shippingOrder(o.ownerId, o.id),
  indexes: (o) => ({ GSI1: [keys.byId(o.id), 'SHIPPING_ORDER'], GSI2: [keys.shippingOrders, o.id] }),
  counters: (o) => segmentCounts.keysOf(o.ownerId, o.segment),
  everywhere: () => [{ index: 'GSI2', pk: keys.shippingOrders }],
  list: {
    spec: SHIPPING_ORDER_LIST,
    sortScope: (o) => shippingOrderListScope(o.ownerId),
    row: (o) => o,
    search: {
      scopes: (o) => [shippingOrderListScope(o.ownerId), shippingOrderListScope('all')],
      words: shippingOrderWords,
    },
  },
});

export const findShippingOrder = (id: string) => shippingOrderRecords.findById(id, 'SHIPPING_ORDER');

/** One owner's shipping orders in creation order, or every owner's through GSI2. */
export const shippingOrderSource = (owner: string | 'all'): Omit<Source, 'desc'> =>
  owner === 'all'
    ? { index: 'GSI2', pk: keys.shippingOrders }
    : { pk: keys.tenant(owner), skPrefix: keys.shippingOrderPrefix };

/** How many shipping orders an owner (or everyone) has within some segments. */
export const countShippingOrders = (owner: string | 'all', segments: readonly string[]) =>
  segmentCounts.count(owner, segments);
