import { describe, expect, it } from 'vitest';
import {
  EXPORT_ROW_LIMIT,
  EXPORT_WARNING_MS,
  exportPercent,
  exportRangeError,
  exportRangeParams,
  exportStep,
  exportTooLong,
  needsConfirmation,
} from './export-progress';

describe('Function: exportRangeError', () => {
  it.each([
    [{ start: null, end: null }, null],
    [{ start: '2026-06-01', end: '2026-06-30' }, null],
    [{ start: '2026-06-01', end: '2026-06-01' }, null],
    [{ start: '2026-06-01', end: null }, 'export_csv.date_required'],
    [{ start: null, end: '2026-06-30' }, 'export_csv.date_required'],
    [{ start: '2026-06-30', end: '2026-06-01' }, 'export_csv.date_order'],
  ])('answers %j with %s', (range, key) => {
    expect(exportRangeError(range)).toBe(key);
  });
});

describe('Function: exportRangeParams', () => {
  it('sends both dates or none', () => {
    expect(exportRangeParams({ start: '2026-06-01', end: '2026-06-30' })).toEqual({
      start_date: '2026-06-01',
      end_date: '2026-06-30',
    });
    expect(exportRangeParams({ start: null, end: null })).toEqual({});
  });
});

describe('Function: needsConfirmation', () => {
  const none = { start: null, end: null };
  it('asks above the limit only', () => {
    expect(needsConfirmation(EXPORT_ROW_LIMIT, none)).toBe(false);
    expect(needsConfirmation(EXPORT_ROW_LIMIT + 1, none)).toBe(true);
  });
  it('does not ask when a date range narrows the rows', () => {
    expect(needsConfirmation(10_000, { start: '2026-06-01', end: '2026-06-30' })).toBe(false);
  });
});

describe('Function: exportStep', () => {
  // 1,000 rows are expected to take 20,000 ms: steps at 4,000, 5,000, 6,667 and 10,000 ms.
  it.each([
    [0, 0],
    [3_999, 0],
    [4_000, 1],
    [5_000, 2],
    [6_666, 2],
    [6_667, 3],
    [10_000, 4],
    [60_000, 4],
  ])('after %i ms shows step %i', (elapsed, step) => {
    expect(exportStep(elapsed, 1000)).toBe(step);
  });

  it('survives an empty export', () => {
    expect(exportStep(0, 0)).toBe(0);
    expect(exportStep(100, 0)).toBe(4);
  });
});

describe('Function: exportPercent', () => {
  it('follows the expected duration but never claims the end', () => {
    expect(exportPercent(0, 1000)).toBe(0);
    expect(exportPercent(10_000, 1000)).toBe(50);
    expect(exportPercent(30_000, 1000)).toBe(95);
  });
});

describe('Function: exportTooLong', () => {
  it('warns from 300,000 ms on', () => {
    expect(exportTooLong(EXPORT_WARNING_MS - 1)).toBe(false);
    expect(exportTooLong(EXPORT_WARNING_MS)).toBe(true);
  });
});
