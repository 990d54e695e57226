/** How an export writes dates: as people read them in their language, or as ISO 8601 (`dates=iso`). */
export const DATE_STYLES = ['local', 'iso'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];
