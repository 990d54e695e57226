/** Stock movements (spec 2). */
import { ACCESS } from '../access/roles';
import { paged, SEGMENT_CODES } from '../common/schemas';
import { labelsUnder } from '../csv/columns';
import { EXPORT_PARAMS } from '../filter/query';
import { defineRoute } from '../routes/define';
import { STOCK_DIRECTIONS, stockMovementSchema } from './schemas';

/** How a movement export titles and writes its columns: the grid's titles, directions and segments named. */
const MOVEMENT_COLUMN_DEFS = {
  date: { header: 'stock_movements.columns.date', format: 'date' },
  reasonCode: { header: 'stock_movements.columns.reason_code' },
  reason: { header: 'stock_movements.columns.reason' },
  'order.reference': { header: 'stock_movements.columns.order_reference' },
  'order.recipient.displayName': { header: 'stock_movements.columns.recipient' },
  'reception.reference': { header: 'stock_movements.columns.reception_reference' },
  'reception.supplier.code': { header: 'stock_movements.columns.supplier' },
  'stock.product.code': { header: 'stock_movements.columns.product_code' },
  'stock.product.label': { header: 'stock_movements.columns.product_label' },
  quantity: { header: 'stock_movements.columns.quantity' },
  note: { header: 'stock_movements.columns.note' },
  direction: { header: 'stock_movements.columns.direction', format: labelsUnder('stock_movements', STOCK_DIRECTIONS) },
  segment: { header: 'stock_movements.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
  'warehouse.code': { header: 'stock_movements.columns.warehouse' },
  'stock.batch': { header: 'stock_movements.columns.batch' },
  'stock.ubd': { header: 'stock_movements.columns.ubd', format: 'date' },
  'stock.bbd': { header: 'stock_movements.columns.bbd', format: 'date' },
  'stock.quality': { header: 'stock_movements.columns.quality' },
  'owner.code': { header: 'stock_movements.columns.owner' },
} as const;

/** The columns the movement list sorts by, each served by the table key or a list-sort index. */
const MOVEMENT_SORTS = {
  date: 'key',
  quantity: { index: 'LS1', type: 'number' },
  reasonCode: 'LS2',
  direction: 'LS3',
  'warehouse.code': 'LS4',
  'warehouse.name': 'LS5',
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
  columnDefs: MOVEMENT_COLUMN_DEFS,
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
