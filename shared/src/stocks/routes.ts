/** Stock lines (spec 2 and 3). */

import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { ATTRIBUTE_FIELDS } from '../products/routes';
import { defineRoute } from '../routes/define';
import { stockSchema } from './schemas';

const STOCK_READERS = ['stock', 'order', 'reception'] as const;

const STOCK_PRODUCT_FIELDS = [
  'product.code',
  'product.label',
  'product.id',
  'product.family.id',
  'product.family.name',
  ...ATTRIBUTE_FIELDS.map((a) => `product.attributes.${a}`),
];

export const STOCK_LIST = {
  filters: [
    'uuid',
    'id',
    'search',
    'quantity',
    'available',
    'quantity_allocated',
    'quality',
    'batch',
    'ubd',
    'bbd',
    'storedAt',
    'segment',
    'warehouse.id',
    'warehouse.uuid',
    'warehouse.code',
    'owner.id',
    'owner.code',
    ...STOCK_PRODUCT_FIELDS,
  ],
  sorts: [
    'quantity',
    'available',
    'quantity_allocated',
    'quality',
    'batch',
    'ubd',
    'bbd',
    'storedAt',
    'createdAt',
    'segment',
    'warehouse.name',
    'warehouse.code',
    'owner.code',
    ...STOCK_PRODUCT_FIELDS,
  ],
  includes: ['warehouse', 'product', 'segment', 'owner'],
  params: EXPORT_PARAMS,
  columns: [
    'owner.code',
    'owner.name',
    'product.code',
    'product.label',
    'quantity',
    'available',
    'product.attributes.taxation',
    'product.attributes.pcb',
    'quantity_receive_in_progress',
    'quantity_on_arriving',
    'quantity_allocated',
    'storedAt',
    'product.family.name',
    'product.attributes.family',
    'product.attributes.color',
    'product.attributes.vintage',
    'product.attributes.capacity',
    'warehouse.code',
    'batch',
    'ubd',
    'bbd',
    'quality',
    'segment',
  ],
} as const;

export const stockRoutes = {
  stockList: defineRoute({
    method: 'GET',
    path: '/api/stocks',
    resource: 'stocks',
    access: ACCESS.reader,
    scopes: STOCK_READERS,
    list: STOCK_LIST,
    csv: true,
    response: paged(stockSchema),
  }),
  stockQualities: defineRoute({
    method: 'GET',
    path: '/api/stocks-qualities',
    resource: 'stocks',
    access: ACCESS.reader,
    response: z.array(z.object({ code: z.string(), label: z.string() })),
  }),
} as const;
