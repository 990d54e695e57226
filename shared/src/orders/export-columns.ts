import { SEGMENT_CODES } from '../common/schemas';
import { type ColumnDefs, labels, labelsUnder } from '../csv/columns';
import { ORDER_STATUS } from './status';

/** How an order export titles and writes its columns: the grid's titles, statuses and segments named. */
export const ORDER_COLUMN_DEFS = {
  reference: { header: 'orders.columns.reference' },
  createdAt: { header: 'orders.columns.created_at', format: 'date' },
  'recipient.displayName': { header: 'orders.columns.recipient' },
  deliveryDate: { header: 'orders.columns.delivery_date', format: 'date' },
  appointmentDate: { header: 'orders.columns.appointment_date', format: 'date' },
  preparationDate: { header: 'orders.columns.preparation_date', format: 'date' },
  preparedQuantity: { header: 'orders.columns.prepared_quantity' },
  orderedQuantity: { header: 'orders.columns.ordered_quantity' },
  'carrier.name': { header: 'orders.columns.carrier' },
  'recipient.country': { header: 'orders.columns.country' },
  'warehouse.code': { header: 'orders.columns.warehouse' },
  statusCode: { header: 'orders.columns.status', format: labels(ORDER_STATUS.list) },
  supportType: { header: 'orders.columns.support_type' },
  recipientReference: { header: 'orders.columns.recipient_reference' },
  segment: { header: 'orders.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
  'owner.code': { header: 'orders.columns.owner_code' },
  'owner.name': { header: 'orders.columns.owner_name' },
} as const satisfies ColumnDefs;
