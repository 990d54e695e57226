/** Customer orders (spec 2 §2, §7; issue 10; menu entry Orders, order scope). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { idempotencyKey, messageSchema, paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { timelineEventSchema } from '../timeline/schemas';
import {
  orderCarrierSchema,
  orderCountrySchema,
  orderCreateSchema,
  orderPdfJsonSchema,
  orderSchema,
  orderServiceSchema,
  orderUpdateSchema,
  sendTransmittingSchema,
} from './schemas';

/** The columns the order list sorts by, each served by the table key or a list-sort index. */
const ORDER_SORTS = {
  createdAt: 'key',
  reference: 'LS1',
  deliveryDate: 'LS2',
  appointmentDate: 'LS3',
  preparationDate: 'LS4',
  orderedQuantity: { index: 'LS5', type: 'number' },
  preparedQuantity: { index: 'LS6', type: 'number' },
  statusCode: 'LS7',
  'recipient.displayName': 'LS8',
  'carrier.name': 'LS9',
  'recipient.country': 'LS10',
  'warehouse.name': 'LS11',
  supportType: 'LS12',
} as const;

export const ORDER_LIST = {
  filters: [
    'search',
    'statusCode',
    'reference',
    'recipientReference',
    'createdAt',
    'deliveryDate',
    'appointmentDate',
    'preparationDate',
    'orderedQuantity',
    'preparedQuantity',
    'segment',
    'supportType',
    'owner.id',
    'owner.code',
    'owner.name',
    'warehouse.id',
    'warehouse.code',
    'warehouse.name',
    'recipient.displayName',
    'recipient.country',
    'carrier.id',
    'carrier.name',
    // A user's own drafts, for the new-order button (checked on the rows the status index returns).
    'createdBy.id',
  ],
  sorts: Object.keys(ORDER_SORTS) as (keyof typeof ORDER_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  // The owner chooses the partition; the other filters are checked on the rows the indexes return.
  indexes: { ...ORDER_SORTS, search: 'search' },
  includes: ['owner', 'recipient', 'carrier', 'carrier.owner', 'warehouse', 'segment', 'stocks'],
  params: EXPORT_PARAMS,
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.ORDER_COLUMN_DEFS),
  columns: [
    'reference',
    'createdAt',
    'recipient.displayName',
    'deliveryDate',
    'appointmentDate',
    'preparationDate',
    'preparedQuantity',
    'orderedQuantity',
    'carrier.name',
    'recipient.country',
    'warehouse.code',
    'statusCode',
    'supportType',
    'recipientReference',
    'segment',
    'owner.code',
    'owner.name',
  ],
  columnAliases: { 'recipient.name': ['recipient.displayName'] },
} as const;

/** Every include of one order (spec 2 §7). */
export const ORDER_INCLUDES = [
  'owner',
  'owner.segments',
  'recipient',
  'carrier',
  'carrier.owner',
  'service',
  'warehouse',
  'segment',
  'stocks',
  'stocks.product',
  'stocks.warehouse',
  'packings',
] as const;

export const orderRoutes = {
  orderList: defineRoute({
    method: 'GET',
    path: '/api/orders',
    resource: 'orders',
    access: ACCESS.reader,
    scopes: ['order'],
    list: ORDER_LIST,
    csv: true,
    response: paged(orderSchema),
  }),
  /** The country filter's choices: the recipients' countries of the caller's orders. */
  orderCountries: defineRoute({
    method: 'GET',
    path: '/api/orders/countries',
    resource: 'orders',
    access: ACCESS.reader,
    scopes: ['order'],
    response: z.array(orderCountrySchema),
  }),
  /** Republishes transmitting (005) orders to the warehouse (canSendTransmittingOrder). */
  orderSendTransmitting: defineRoute({
    method: 'POST',
    path: '/api/orders/send-transmitting',
    resource: 'orders',
    access: ACCESS.superadmin,
    scopes: ['order'],
    body: sendTransmittingSchema,
    response: messageSchema.extend({ sent: z.array(z.string()), skipped: z.array(z.string()) }),
  }),
  orderGet: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}',
    resource: 'orders',
    access: ACCESS.reader,
    scopes: ['order'],
    params: idParams,
    query: includeQuery,
    response: orderSchema,
  }),
  /** Every event of the order, oldest first: who sent, changed or cancelled it, and what the warehouse reported. */
  orderTimeline: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/timeline',
    resource: 'orders',
    access: ACCESS.reader,
    scopes: ['order'],
    params: idParams,
    response: z.array(timelineEventSchema),
  }),
  /**
   * A client's cancellation: at once until the warehouse starts preparing, then a request the warehouse confirms
   * or refuses (orderRules.cancellation).
   */
  orderCancel: defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/cancellation',
    resource: 'orders',
    access: ACCESS.writer,
    scopes: ['order'],
    params: idParams,
    query: includeQuery,
    response: orderSchema,
  }),
  orderCarrier: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/carrier',
    resource: 'orders',
    access: ACCESS.reader,
    scopes: ['order'],
    params: idParams,
    response: orderCarrierSchema.nullable(),
  }),
  orderService: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/service',
    resource: 'orders',
    access: ACCESS.reader,
    scopes: ['order'],
    params: idParams,
    response: orderServiceSchema.nullable(),
  }),
  /** A draft or a send; an `Idempotency-Key` header makes a repeated POST answer the order it created. */
  orderCreate: defineRoute({
    method: 'POST',
    path: '/api/orders',
    resource: 'orders',
    access: ACCESS.writer,
    scopes: ['order'],
    query: includeQuery,
    body: orderCreateSchema,
    response: orderSchema,
    status: 201,
    headers: {
      'Idempotency-Key': {
        description:
          '1 to 255 visible ASCII characters. The same key with the same body answers the order the first request created; with another body, 422.',
        schema: idempotencyKey,
      },
    },
  }),
  /** The wizard's save and send, and the status change (statusCode alone; canUpdateStatus). */
  orderUpdate: defineRoute({
    method: 'PUT',
    path: '/api/orders/{id}',
    resource: 'orders',
    access: ACCESS.writer,
    scopes: ['order'],
    params: idParams,
    query: includeQuery,
    body: orderUpdateSchema,
    response: orderSchema,
  }),
  orderDelete: defineRoute({
    method: 'DELETE',
    path: '/api/orders/{id}',
    resource: 'orders',
    access: ACCESS.writer,
    scopes: ['order'],
    params: idParams,
    response: messageSchema,
  }),
} as const;

/** The order document: a function of its own, which streams its answers (and alone loads pdf-lib). */
export const orderDocumentRoutes = {
  /**
   * The order document (statuses 010, 020, 030, 040, 070): application/pdf named after the reference, or, with
   * `output=json` (or `Accept: application/json`), `{ filename, contentType, content }` in base64 (spec 2 §7).
   * Streamed (Lambda response streaming): a large document is not capped by the buffered payload limit.
   */
  orderPdf: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/pdf',
    resource: 'orderDocuments',
    access: ACCESS.reader,
    scopes: ['order'],
    params: idParams,
    query: z.strictObject({ output: z.enum(['pdf', 'json']).optional() }),
    response: orderPdfJsonSchema,
    files: ['application/pdf'],
    stream: true,
  }),
} as const;
