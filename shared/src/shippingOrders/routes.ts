/** Shipping orders (spec 2 §2, §7; menu entry Transport, transportation scope). */
import { ACCESS } from '../access/roles';
import { paged, SEGMENT_CODES } from '../common/schemas';
import { labels, labelsUnder } from '../csv/columns';
import { EXPORT_PARAMS } from '../filter/query';
import { defineRoute, idParams, includeQuery } from '../routes/define';
import { shippingOrderCreateSchema, shippingOrderSchema, shippingOrderUpdateSchema } from './schemas';
import { SHIPPING_ORDER_STATUS } from './status';

/** How a shipping order export titles and writes its columns: the grid's titles, statuses and segments named. */
const SHIPPING_ORDER_COLUMN_DEFS = {
  reference: { header: 'shipping_orders.columns.reference' },
  createdAt: { header: 'shipping_orders.columns.created_at', format: 'date' },
  'pickupAddress.name': { header: 'shipping_orders.columns.pickup_address' },
  'pickupAddress.city': { header: 'shipping_orders.columns.pickup_city' },
  pickupDate: { header: 'shipping_orders.columns.pickup_date', format: 'date' },
  pickedupAt: { header: 'shipping_orders.columns.pickedup_at', format: 'date' },
  palletCount: { header: 'shipping_orders.columns.pallet_count' },
  parcelCount: { header: 'shipping_orders.columns.parcel_count' },
  unitCount: { header: 'shipping_orders.columns.unit_count' },
  weight: { header: 'shipping_orders.columns.weight' },
  'deliveryAddress.name': { header: 'shipping_orders.columns.delivery_address' },
  'deliveryAddress.city': { header: 'shipping_orders.columns.delivery_city' },
  deliveryDate: { header: 'shipping_orders.columns.delivery_date', format: 'date' },
  deliveredAt: { header: 'shipping_orders.columns.delivered_at', format: 'date' },
  'warehouse.code': { header: 'shipping_orders.columns.warehouse' },
  statusCode: { header: 'shipping_orders.columns.status', format: labels(SHIPPING_ORDER_STATUS.list) },
  tracking: { header: 'shipping_orders.columns.tracking' },
  segment: { header: 'shipping_orders.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
  'owner.code': { header: 'shipping_orders.columns.owner_code' },
  'owner.name': { header: 'shipping_orders.columns.owner_name' },
} as const;

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
  indexes: { ...SHIPPING_ORDER_INDEXES, search: 'search' },
  includes: ['deliveryAddress', 'pickupAddress', 'warehouse', 'owner'],
  params: EXPORT_PARAMS,
  columnDefs: SHIPPING_ORDER_COLUMN_DEFS,
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
} as const;
