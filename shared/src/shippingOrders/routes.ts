/** Shipping orders (spec 2 §2, §7; menu entry Transport, transportation scope). */
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { messageSchema, paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { shippingOrderCreateSchema, shippingOrderSchema, shippingOrderUpdateSchema } from './schemas';

/**
 * The columns the shipping order list sorts by, each served by the table key or a list-sort index. A filter on
 * any of them reads its index's range: "next shipments" (deliveryDate ge today, sort deliveryDate) is the LS3
 * range from today, ascending.
 */
const SHIPPING_ORDER_SORTS = {
  createdAt: 'key',
  reference: 'LS1',
  pickupDate: 'LS2',
  deliveryDate: 'LS3',
  pickedupAt: 'LS4',
  deliveredAt: 'LS5',
  statusCode: 'LS6',
  'warehouse.name': 'LS7',
  'pickupAddress.name': 'LS8',
  'deliveryAddress.name': 'LS9',
  palletCount: { index: 'LS10', type: 'number' },
  parcelCount: { index: 'LS11', type: 'number' },
  unitCount: { index: 'LS12', type: 'number' },
  segment: 'LS13',
} as const;

/** The columns the list filters by: the sorted ones, and the warehouse by id (the grid's warehouse choice). */
const SHIPPING_ORDER_INDEXES = { ...SHIPPING_ORDER_SORTS, 'warehouse.id': 'LS14' } as const;

export const SHIPPING_ORDER_LIST = {
  // Every filter is an indexed column (or the owner, which chooses the partition, or the search words).
  filters: ['search', 'owner.id', ...Object.keys(SHIPPING_ORDER_INDEXES)],
  sorts: Object.keys(SHIPPING_ORDER_SORTS) as (keyof typeof SHIPPING_ORDER_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  indexes: { ...SHIPPING_ORDER_INDEXES, search: 'search' },
  includes: ['deliveryAddress', 'pickupAddress', 'warehouse', 'owner'],
  params: EXPORT_PARAMS,
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.SHIPPING_ORDER_COLUMN_DEFS),
  // The warehouse is exported as its code (the grid's warehouse.name column stands for it).
  columns: [
    'reference',
    'createdAt',
    'pickupAddress.name',
    'pickupAddress.city',
    'pickupDate',
    'pickedupAt',
    'palletCount',
    'parcelCount',
    'unitCount',
    'weight',
    'deliveryAddress.name',
    'deliveryAddress.city',
    'deliveryDate',
    'deliveredAt',
    'warehouse.code',
    'statusCode',
    'tracking',
    'segment',
    'owner.code',
    'owner.name',
  ],
} as const;

export const shippingOrderRoutes = {
  shippingOrderList: defineRoute({
    method: 'GET',
    path: '/api/shipping-orders',
    resource: 'shippingOrders',
    access: ACCESS.reader,
    scopes: ['transportation'],
    list: SHIPPING_ORDER_LIST,
    csv: true,
    response: paged(shippingOrderSchema),
  }),
  shippingOrderGet: defineRoute({
    method: 'GET',
    path: '/api/shipping-orders/{id}',
    resource: 'shippingOrders',
    access: ACCESS.reader,
    scopes: ['transportation'],
    params: idParams,
    query: includeQuery,
    response: shippingOrderSchema,
  }),
  shippingOrderCreate: defineRoute({
    method: 'POST',
    path: '/api/shipping-orders',
    resource: 'shippingOrders',
    access: ACCESS.writer,
    scopes: ['transportation'],
    query: includeQuery,
    body: shippingOrderCreateSchema,
    response: shippingOrderSchema,
    status: 201,
  }),
  /** The status modal's change (status, pickup and delivery moments, tracking) and any content change. */
  shippingOrderUpdate: defineRoute({
    method: 'PUT',
    path: '/api/shipping-orders/{id}',
    resource: 'shippingOrders',
    access: ACCESS.writer,
    scopes: ['transportation'],
    params: idParams,
    query: includeQuery,
    body: shippingOrderUpdateSchema,
    response: shippingOrderSchema,
  }),
  /** Cancels a shipping order not picked up yet (shippingOrderRules.isCancellable); the warehouse is told. */
  shippingOrderDelete: defineRoute({
    method: 'DELETE',
    path: '/api/shipping-orders/{id}',
    resource: 'shippingOrders',
    access: ACCESS.writer,
    scopes: ['transportation'],
    params: idParams,
    response: messageSchema,
  }),
} as const;
