import type { ColumnDefs } from '../csv/columns';

/** How a company export titles and writes its columns: the grid's titles (the import's for the others), yes or no. */
export const COMPANY_COLUMN_DEFS = {
  code: { header: 'companies.columns.code' },
  name: { header: 'companies.columns.name' },
  'address.street': { header: 'companies.columns.address' },
  'address.postcode': { header: 'import.columns.postcode' },
  'address.city': { header: 'import.columns.city' },
  'address.country': { header: 'import.columns.country' },
  'warehouses.code': { header: 'companies.columns.warehouses' },
  'segments.code': { header: 'companies.columns.segments' },
  active: { header: 'import.columns.active', format: 'boolean' },
} as const satisfies ColumnDefs;
