/**
 * The stock qualities, apart from the stock lines' schemas (`stocks/schemas.ts`): the reference data every screen
 * reads on a first load names them, which should not build the shared zod schemas to do so.
 */
export const STOCK_QUALITIES = ['STD', 'NCO'] as const;

/** Qualities kept out of the product grid's "available" view. */
export const EXCLUDED_QUALITIES = ['BLO', 'NC', 'NCO'] as const;

export const DEFAULT_QUALITIES = ['STD', 'NCO'] as const;
