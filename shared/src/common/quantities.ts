/**
 * The most of anything one document carries to the warehouse: a line's quantity ordered or prepared, a shipping
 * order's pallets, parcels or units. The warehouse contract (wms/contract.ts) refuses more, so the API refuses it
 * first, as a 422 naming the field, rather than accept a document its warehouse message could not carry.
 */
export const WAREHOUSE_QUANTITY_MAX = 1_000_000;
