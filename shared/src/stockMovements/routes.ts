/** Stock movements (spec 2). */
import { ACCESS } from '../access/roles';
import { defineRoute } from '../api/route';
import { paged } from '../common/schemas';
import { EXPORT_PARAMS } from '../filter/query';
import { stockMovementSchema } from './schemas';

/** The columns the movement list sorts by, each served by the table key or a list-sort index. */
/**
 * The columns a movement list sorts by, each an index entry on every movement (the ledger's largest cost). Not the
 * direction (two values: its filter, or the reason's sort, groups them) nor the warehouse's name (its code's sort
 * groups the same warehouses); both stay filters, checked on the rows read.
 */
const MOVEMENT_SORTS = {
  date: 'key',
  quantity: { index: 'LS1', type: 'number' },
  reasonCode: 'LS2',
  'warehouse.code': 'LS4',
  'stock.product.code': 'LS6',
} as const;

export const STOCK_MOVEMENT_LIST = {
  filters: [
    'date',
    'search',
    'reasonCode',
    'reason',
    'direction',
    'quantity',
    'segment',
    'note',
    'warehouse.id',
    'warehouse.code',
    'warehouse.name',
    'owner.id',
    'owner.code',
    'stock.product.code',
    'stock.product.label',
    'stock.batch',
    'stock.quality',
    'stock.ubd',
    'stock.bbd',
    'order.reference',
    'order.recipient.displayName',
    'reception.reference',
    'reception.supplier.code',
  ],
  sorts: Object.keys(MOVEMENT_SORTS) as (keyof typeof MOVEMENT_SORTS)[],
  // One owner's rows per list-sort index: every owner's list sorts by its key alone.
  sortsByOwner: true,
  // A date range and one product narrow the key (the service's); the others are checked on the rows read.
  indexes: { ...MOVEMENT_SORTS, search: 'search' },
  includes: [
    'warehouse',
    'stock',
    'stock.product',
    'stock.owner',
    'segment',
    'order',
    'order.owner',
    'reception',
    'reception.supplier',
    'order.recipient',
  ],
  params: EXPORT_PARAMS,
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.MOVEMENT_COLUMN_DEFS),
  columns: [
    'date',
    'reasonCode',
    'reason',
    'order.reference',
    'order.recipient.displayName',
    'reception.reference',
    'reception.supplier.code',
    'stock.product.code',
    'stock.product.label',
    'quantity',
    'note',
    'direction',
    'segment',
    'warehouse.code',
    'stock.batch',
    'stock.ubd',
    'stock.bbd',
    'stock.quality',
    'owner.code',
  ],
} as const;

export const stockMovementRoutes = {
  stockMovementList: defineRoute({
    method: 'GET',
    path: '/api/stock-movements',
    resource: 'stockMovements',
    access: ACCESS.reader,
    scopes: ['stockMovement'],
    list: STOCK_MOVEMENT_LIST,
    csv: true,
    response: paged(stockMovementSchema),
  }),
} as const;
