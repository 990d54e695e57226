import { SEGMENT_CODES } from '../common/schemas';
import { type ColumnDefs, labels, labelsUnder } from '../csv/columns';
import { RECEPTION_STATUS } from './status';

/** How a reception export titles and writes its columns: the grid's titles, statuses and segments named. */
export const RECEPTION_COLUMN_DEFS = {
  reference: { header: 'receptions.columns.reference' },
  createdAt: { header: 'receptions.columns.created_at', format: 'date' },
  expectedAt: { header: 'receptions.columns.expected_at', format: 'date' },
  'supplier.code': { header: 'receptions.columns.supplier_code' },
  'supplier.name': { header: 'receptions.columns.supplier' },
  expectedQuantity: { header: 'receptions.columns.expected_quantity' },
  receivedQuantity: { header: 'receptions.columns.received_quantity' },
  'warehouse.code': { header: 'receptions.columns.warehouse' },
  statusCode: { header: 'receptions.columns.status', format: labels(RECEPTION_STATUS.list) },
  segment: { header: 'receptions.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
  'owner.code': { header: 'receptions.columns.owner_code' },
  'owner.name': { header: 'receptions.columns.owner_name' },
} as const satisfies ColumnDefs;
