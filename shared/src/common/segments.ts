/**
 * The customer segments, apart from their schema (`common/schemas.ts`): a list's filters read them on a first load,
 * which should not build the shared zod schemas to do so.
 */
export const SEGMENT_CODES = ['B2B', 'B2C'] as const;
export type SegmentCode = (typeof SEGMENT_CODES)[number];
