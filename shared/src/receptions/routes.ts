/** Receptions: inbound deliveries (spec 3 §2, §7; menu entry Receptions, reception scope). */
import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { messageSchema, paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { timelineEventSchema } from '../timeline/schemas';
import { receptionCreateSchema, receptionSchema, receptionUpdateSchema } from './schemas';

/** The columns the reception list sorts by, each served by the table key or a list-sort index. */
const RECEPTION_SORTS = {
  createdAt: 'key',
  reference: 'LS1',
  expectedAt: 'LS2',
  'supplier.name': 'LS3',
  expectedQuantity: { index: 'LS4', type: 'number' },
  receivedQuantity: { index: 'LS5', type: 'number' },
  'warehouse.name': 'LS6',
  statusCode: 'LS7',
} as const;

export const RECEPTION_LIST = {
  filters: [
    'search',
    'statusCode',
    'reference',
    'createdAt',
    'expectedAt',
    'expectedQuantity',
    'receivedQuantity',
    'segment',
    'owner.id',
    'owner.code',
    'owner.name',
    'warehouse.id',
    'warehouse.code',
    'warehouse.name',
    'supplier.id',
    'supplier.code',
    'supplier.name',
  ],
  sorts: Object.keys(RECEPTION_SORTS) as (keyof typeof RECEPTION_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  // The owner chooses the partition; the other filters are checked on the rows the indexes return.
  indexes: { ...RECEPTION_SORTS, search: 'search' },
  includes: ['supplier', 'supplier.address', 'owner', 'warehouse'],
  params: EXPORT_PARAMS,
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.RECEPTION_COLUMN_DEFS),
  // The warehouse is exported as its code.
  columns: [
    'reference',
    'createdAt',
    'expectedAt',
    'supplier.code',
    'supplier.name',
    'expectedQuantity',
    'receivedQuantity',
    'warehouse.code',
    'statusCode',
    'segment',
    'owner.code',
    'owner.name',
  ],
} as const;

/** Every include of one reception (spec 3 §7). */
export const RECEPTION_INCLUDES = [
  'warehouse',
  'segment',
  'owner',
  'owner.segments',
  'supplier',
  'supplier.address',
  'stocks',
  'stocks.warehouse',
  'stocks.product',
  'stocks.product.family',
  'stocks.product.attributes',
] as const;

export const receptionRoutes = {
  receptionList: defineRoute({
    method: 'GET',
    path: '/api/receptions',
    resource: 'receptions',
    access: ACCESS.reader,
    scopes: ['reception'],
    list: RECEPTION_LIST,
    csv: true,
    response: paged(receptionSchema),
  }),
  receptionGet: defineRoute({
    method: 'GET',
    path: '/api/receptions/{id}',
    resource: 'receptions',
    access: ACCESS.reader,
    scopes: ['reception'],
    params: idParams,
    query: includeQuery,
    response: receptionSchema,
  }),
  /** Every event of the reception, oldest first: who sent or changed it, and what the warehouse reported. */
  receptionTimeline: defineRoute({
    method: 'GET',
    path: '/api/receptions/{id}/timeline',
    resource: 'receptions',
    access: ACCESS.reader,
    scopes: ['reception'],
    params: idParams,
    response: z.array(timelineEventSchema),
  }),
  receptionCreate: defineRoute({
    method: 'POST',
    path: '/api/receptions',
    resource: 'receptions',
    access: ACCESS.writer,
    scopes: ['reception'],
    query: includeQuery,
    body: receptionCreateSchema,
    response: receptionSchema,
    status: 201,
  }),
  /** The wizard's save and send, and the status change (statusCode alone; canUpdateStatus). */
  receptionUpdate: defineRoute({
    method: 'PUT',
    path: '/api/receptions/{id}',
    resource: 'receptions',
    access: ACCESS.writer,
    scopes: ['reception'],
    params: idParams,
    query: includeQuery,
    body: receptionUpdateSchema,
    response: receptionSchema,
  }),
  receptionDelete: defineRoute({
    method: 'DELETE',
    path: '/api/receptions/{id}',
    resource: 'receptions',
    access: ACCESS.writer,
    scopes: ['reception'],
    params: idParams,
    response: messageSchema,
  }),
} as const;
