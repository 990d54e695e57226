import { SEGMENT_CODES } from '../common/schemas';
import { type ColumnDefs, labelsUnder } from '../csv/columns';

/** How a stock export titles and writes its columns: the grid's titles, days as people read them, segments named. */
export const STOCK_COLUMN_DEFS = {
  'owner.code': { header: 'stocks.columns.owner_code' },
  'owner.name': { header: 'stocks.columns.owner_name' },
  'product.code': { header: 'stocks.columns.product_code' },
  'product.label': { header: 'stocks.columns.label' },
  quantity: { header: 'stocks.columns.quantity' },
  available: { header: 'stocks.columns.available' },
  'product.attributes.taxation': { header: 'stocks.columns.taxation' },
  'product.attributes.pcb': { header: 'stocks.columns.pcb' },
  quantity_receive_in_progress: { header: 'stocks.columns.receive_in_progress' },
  quantity_on_arriving: { header: 'stocks.columns.on_arriving' },
  quantity_allocated: { header: 'stocks.columns.allocated' },
  storedAt: { header: 'stocks.columns.stored_at', format: 'date' },
  'product.family.name': { header: 'stocks.columns.family' },
  'product.attributes.family': { header: 'stocks.columns.family_attribute' },
  'product.attributes.color': { header: 'stocks.columns.color' },
  'product.attributes.vintage': { header: 'stocks.columns.vintage' },
  'product.attributes.capacity': { header: 'stocks.columns.capacity' },
  'warehouse.code': { header: 'stocks.columns.warehouse' },
  batch: { header: 'stocks.columns.batch' },
  ubd: { header: 'stocks.columns.ubd', format: 'date' },
  bbd: { header: 'stocks.columns.bbd', format: 'date' },
  quality: { header: 'stocks.columns.quality' },
  segment: { header: 'stocks.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
} as const satisfies ColumnDefs;
