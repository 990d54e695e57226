import { SEGMENT_CODES } from '../common/schemas';
import { type ColumnDefs, labelsUnder } from '../csv/columns';

/** How a contact export titles and writes its columns: the grid's titles. */
export const CONTACT_COLUMN_DEFS = {
  code: { header: 'contacts.columns.code' },
  displayName: { header: 'contacts.columns.contact' },
  'address.street': { header: 'contacts.columns.address' },
  'address.postcode': { header: 'contacts.columns.postcode' },
  'address.city': { header: 'contacts.columns.city' },
  'address.country': { header: 'contacts.columns.country' },
  'owner.code': { header: 'contacts.columns.owner_code' },
  'owner.name': { header: 'contacts.columns.owner_name' },
  'warehouse.name': { header: 'contacts.columns.warehouse' },
  'warehouse.code': { header: 'contacts.columns.warehouse' },
  segment: { header: 'contacts.columns.segment', format: labelsUnder('segments', SEGMENT_CODES) },
} as const satisfies ColumnDefs;
