/** Products (spec 3, and the product parts of spec 2). */

import { ACCESS } from '../access/roles';
import { defineRoute, idParams, includeQuery } from '../api/route';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { productInputSchema, productSchema } from './schemas';

/** Product data is read by the product screens and by the order and reception flows. */
export const PRODUCT_READERS = ['product', 'order', 'reception', 'stock'] as const;

export const ATTRIBUTE_FIELDS = [
  'color',
  'vintage',
  'capacity',
  'taxation',
  'pcb',
  'conditionning',
  'family',
  'governing_rights',
  'isBio',
  'degree',
];

/**
 * The columns the product list sorts by, each served by the table key or a list-sort index: every column of the
 * grid but the owner's code (one owner's list has one; every owner's list sorts by code only).
 */
const PRODUCT_SORTS = {
  code: 'key',
  label: 'LS1',
  hidden: { index: 'LS2', type: 'boolean' },
  createdAt: 'LS3',
  'family.name': 'LS4',
  'attributes.color': 'LS5',
  'attributes.vintage': 'LS6',
  'attributes.capacity': 'LS7',
  'attributes.taxation': 'LS8',
  'attributes.pcb': 'LS9',
  'attributes.conditionning': 'LS10',
  'attributes.family': 'LS11',
  'attributes.governing_rights': 'LS12',
  'attributes.isBio': { index: 'LS13', type: 'boolean' },
  'attributes.degree': 'LS14',
} as const;

export const PRODUCT_LIST = {
  filters: [
    'code',
    'label',
    'search',
    'hidden',
    'hasStock',
    'family.id',
    'family.parent.id',
    'warehouse.uuid',
    'warehouse.id',
    'owner.id',
    'owner.code',
    'supplier.id',
    'stocks.available',
    'stocks.quality',
    'stocks.segment',
    'createdAt',
    ...ATTRIBUTE_FIELDS.map((a) => `attributes.${a}`),
  ],
  sorts: Object.keys(PRODUCT_SORTS) as (keyof typeof PRODUCT_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  // The owner chooses the partition; the other filters are checked on the rows the indexes return.
  indexes: { ...PRODUCT_SORTS, search: 'search' },
  // A filter of one colour, vintage… reads its index in the list's order (its code): a page at a time.
  tieBreak: 'code',
  // A label word is shared by hundreds of wines: read in code order from the words' own entries.
  searchInOrder: true,
  includes: ['owner', 'warehouse', 'supplier', 'family', 'attributes', 'stocks'],
  params: [...EXPORT_PARAMS, 'q', 'hidden'],
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.PRODUCT_COLUMN_DEFS),
  columns: [
    'code',
    'label',
    'family.parent.name',
    'family.name',
    'attributes.color',
    'attributes.vintage',
    'attributes.capacity',
    'attributes.degree',
    'attributes.conditionning',
    'attributes.pcb',
    'attributes.taxation',
    'attributes.governing_rights',
    'attributes.weight',
    'eanUnit',
    'eanParcel',
    'eanPallet',
    'hasBatch',
    'hasBbd',
    'hasUbd',
    'hidden',
    'hasStock',
    'owner.code',
    'warehouse.code',
  ],
} as const;

export const productRoutes = {
  productList: defineRoute({
    method: 'GET',
    path: '/api/products',
    resource: 'products',
    access: ACCESS.reader,
    scopes: PRODUCT_READERS,
    list: PRODUCT_LIST,
    csv: true,
    response: paged(productSchema),
  }),
  productGet: defineRoute({
    method: 'GET',
    path: '/api/products/{id}',
    resource: 'products',
    access: ACCESS.reader,
    scopes: PRODUCT_READERS,
    params: idParams,
    query: includeQuery,
    response: productSchema,
  }),
  productCreate: defineRoute({
    method: 'POST',
    path: '/api/products',
    resource: 'products',
    access: ACCESS.writer,
    scopes: ['product'],
    query: includeQuery,
    body: productInputSchema,
    response: productSchema,
    status: 201,
  }),
  productUpdate: defineRoute({
    method: 'PUT',
    path: '/api/products/{id}',
    resource: 'products',
    access: ACCESS.writer,
    scopes: ['product'],
    params: idParams,
    query: includeQuery,
    body: productInputSchema,
    response: productSchema,
  }),
} as const;
