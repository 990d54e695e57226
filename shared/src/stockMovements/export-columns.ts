import { SEGMENT_CODES } from '../common/schemas';
import { type ColumnDefs, labelsUnder } from '../csv/columns';
import { STOCK_DIRECTIONS } from './schemas';

/** How a movement export titles and writes its columns: the grid's titles, directions and segments named. */
export const MOVEMENT_COLUMN_DEFS = {
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
} as const satisfies ColumnDefs;
