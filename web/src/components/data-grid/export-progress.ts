/**
 * The CSV export's rules (spec 3 §5, §8, §9): a date range needs both dates or none; above 3,000 rows the user
 * confirms first; the progress runs in 5 steps over an expected 20 ms per row, the messages changing at 1/5, 1/4,
 * 1/3 and 1/2 of it; after 300,000 ms the notice turns to a warning.
 */

/** Above this many rows an export asks first. */
export const EXPORT_ROW_LIMIT = 3000;
const MS_PER_ROW = 20;
export const EXPORT_TICK_MS = 50;
export const EXPORT_WARNING_MS = 300_000;
const STEP_FRACTIONS = [1 / 5, 1 / 4, 1 / 3, 1 / 2] as const;
export const EXPORT_STEPS = STEP_FRACTIONS.length + 1;
/** The bar never shows a finished export before the file has arrived. */
const MAX_RUNNING_PERCENT = 95;

export interface ExportRange {
  start: string | null;
  end: string | null;
}

/** The i18n key of what is wrong with the dialog's dates, or null. */
export function exportRangeError({ start, end }: ExportRange): string | null {
  if (Boolean(start) !== Boolean(end)) return 'export_csv.date_required';
  if (start && end && start > end) return 'export_csv.date_order';
  return null;
}

/** The export's query parameters for the dialog's dates (none, or both). */
export const exportRangeParams = ({ start, end }: ExportRange): Record<string, string> =>
  start && end ? { start_date: start, end_date: end } : {};

/** Whether the user confirms first: many rows, and no date range to narrow them. */
export const needsConfirmation = (rows: number, range: ExportRange) =>
  rows > EXPORT_ROW_LIMIT && !(range.start && range.end);

const expectedMs = (rows: number) => Math.max(1, rows) * MS_PER_ROW;

/** 0 to 4: which progress message an export of `rows` rows shows after `elapsedMs`. */
export const exportStep = (elapsedMs: number, rows: number): number =>
  STEP_FRACTIONS.filter((f) => elapsedMs >= f * expectedMs(rows)).length;

export const exportPercent = (elapsedMs: number, rows: number): number =>
  Math.min(MAX_RUNNING_PERCENT, Math.floor((100 * elapsedMs) / expectedMs(rows)));

export const exportTooLong = (elapsedMs: number): boolean => elapsedMs >= EXPORT_WARNING_MS;
