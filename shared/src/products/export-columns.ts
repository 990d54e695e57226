import type { ColumnDefs } from '../csv/columns';

/**
 * How a product export titles and writes its columns: the grid's titles (the import's for the columns the grid does
 * not show), yes or no for the flags.
 */
export const PRODUCT_COLUMN_DEFS = {
  code: { header: 'products.columns.code' },
  label: { header: 'products.columns.label' },
  'family.parent.name': { header: 'products.columns.family' },
  'family.name': { header: 'products.columns.sub_family' },
  'attributes.color': { header: 'products.columns.color' },
  'attributes.vintage': { header: 'products.columns.vintage' },
  'attributes.capacity': { header: 'products.columns.capacity' },
  'attributes.degree': { header: 'products.columns.degree' },
  'attributes.conditionning': { header: 'products.columns.conditionning' },
  'attributes.pcb': { header: 'products.columns.pcb' },
  'attributes.taxation': { header: 'products.columns.taxation' },
  'attributes.governing_rights': { header: 'products.columns.governing_rights' },
  'attributes.weight': { header: 'products.columns.weight' },
  eanUnit: { header: 'products.columns.ean_unit' },
  eanParcel: { header: 'import.columns.ean_parcel' },
  eanPallet: { header: 'import.columns.ean_pallet' },
  hasBatch: { header: 'import.columns.has_batch', format: 'boolean' },
  hasBbd: { header: 'import.columns.has_bbd', format: 'boolean' },
  hasUbd: { header: 'import.columns.has_ubd', format: 'boolean' },
  hidden: { header: 'products.columns.hidden', format: 'boolean' },
  hasStock: { header: 'products.columns.has_stock', format: 'boolean' },
  'owner.code': { header: 'products.columns.owner_code' },
  'warehouse.code': { header: 'products.columns.warehouse' },
} as const satisfies ColumnDefs;
