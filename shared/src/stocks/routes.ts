/** Stock lines (spec 2 and 3). */

import * as z from 'zod';
import { ACCESS } from '../access/roles';
import { defineRoute } from '../api/route';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { ATTRIBUTE_FIELDS } from '../products/routes';
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

/**
 * The columns the stock list sorts by, each served by the table key or a list-sort index: the grid's visible
 * columns and the best-before date. Not sortable (thirteen list-sort indexes are taken, the fourteenth holds every
 * owner's lines): the hidden columns but best-before, the warehouse and the owner.
 */
const STOCK_SORTS = {
  'product.code': 'key',
  'product.label': 'LS1',
  quantity: { index: 'LS2', type: 'number' },
  available: { index: 'LS3', type: 'number' },
  quantity_allocated: { index: 'LS4', type: 'number' },
  storedAt: 'LS5',
  'product.family.name': 'LS6',
  'product.attributes.color': 'LS7',
  'product.attributes.vintage': 'LS8',
  'product.attributes.capacity': 'LS9',
  batch: 'LS10',
  quality: 'LS11',
  segment: 'LS12',
  bbd: 'LS13',
} as const;

/** The list-sort index that holds every owner's stock lines in product order (the superadmin's list). */
export const STOCK_EVERY_OWNER_INDEX = 'LS14';

/**
 * One owner's lines of one quality, again, in a partition of their own (`stockQualityScope`): in label order on
 * LS15, so that a quality filter sorted by label reads a page of that quality's lines, however rare it is.
 */
export const STOCK_QUALITY_SORTS = { 'product.label': 'LS15' } as const;

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
  sorts: Object.keys(STOCK_SORTS) as (keyof typeof STOCK_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  // The owner chooses the partition (LS14 holds every owner's lines in product order); a product narrows the key,
  // the sellable view is its own index; the other filters are checked on the rows the indexes return.
  indexes: { ...STOCK_SORTS, search: 'search' },
  // The key's order (the product's code): one quality, batch or segment is read in it, a page at a time.
  tieBreak: 'product.code',
  includes: ['warehouse', 'product', 'segment', 'owner'],
  params: EXPORT_PARAMS,
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.STOCK_COLUMN_DEFS),
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

/** The stock list of one quality: the same list, sorted in the quality's own partition (STOCK_QUALITY_SORTS). */
export const STOCK_QUALITY_LIST = { ...STOCK_LIST, indexes: { ...STOCK_QUALITY_SORTS, search: 'search' } } as const;

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
