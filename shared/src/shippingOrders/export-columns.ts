import { SEGMENT_CODES } from '../common/schemas';
import { type ColumnDefs, labels, labelsUnder } from '../csv/columns';
import { SHIPPING_ORDER_STATUS } from './status';

/** How a shipping order export titles and writes its columns: the grid's titles, statuses and segments named. */
export const SHIPPING_ORDER_COLUMN_DEFS = {
  reference: { header: 'shipping_orders.columns.reference' },
  createdAt: { header: 'shipping_orders.columns.created_at', format: 'date' },
  'pickupAddress.name': { header: 'shipping_orders.columns.pickup_address' },
  'pickupAddress.city': { header: 'shipping_orders.columns.pickup_city' },
  pickupDate: { header: 'shipping_orders.columns.pickup_date', format: 'date' },
  pickedupAt: { header: 'shipping_orders.columns.pickedup_at', format: 'date' },
  palletCount: { header: 'shipping_orders.columns.pallet_count' },
  parcelCount: { header: 'shipping_orders.columns.parcel_count' },
  unitCount: { header: 'shipping_orders.columns.unit_count' },
  weight: { header: 'shipping_orders.columns.weight' },
  'deliveryAddress.name': { header: 'shipping_orders.columns.delivery_address' },
  'deliveryAddress.city': { header: 'shipping_orders.columns.delivery_city' },
  deliveryDate: { header: 'shipping_orders.columns.delivery_date', format: 'date' },
  deliveredAt: { header: 'shipping_orders.columns.delivered_at', format: 'date' },
  'warehouse.code': { header: 'shipping_orders.columns.warehouse' },
  statusCode: { header: 'shipping_orders.columns.status', format: labels(SHIPPING_ORDER_STATUS.list) },
  tracking: { header: 'shipping_orders.columns.tracking' },
  segment: { header: 'shipping_orders.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
  'owner.code': { header: 'shipping_orders.columns.owner_code' },
  'owner.name': { header: 'shipping_orders.columns.owner_name' },
} as const satisfies ColumnDefs;
