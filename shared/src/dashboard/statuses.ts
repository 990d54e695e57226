/**
 * The statuses the dashboard's figures count (spec 1 §2), apart from the dashboard's answer schema: the
 * repositories that keep the counters import these alone, not every domain's schema.
 */

/** The year's orders but drafts; bottles of sent or validated orders. */
export const YEAR_ORDER_STATUSES = ['005', '010', '020', '030', '040', '050', '070'] as const;
export const BOTTLES_SENT_STATUSES = ['040', '070'] as const;
/** The year's receptions closed, created or in progress. */
export const YEAR_RECEPTION_STATUSES = ['001', '100', '200'] as const;
