import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTimeFormat, formatDay, formatIn, formatNumber, numberFormat, parseDay, prepareFormatters } from './format';

describe('Function: parseDay', () => {
  it.each([
    ['01/06/2026', '2026-06-01'],
    ['1/6/2026', '2026-06-01'],
    [' 30/06/2026 ', '2026-06-30'],
    ['2026-06-30', '2026-06-30'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %s as %s', (text, day) => {
    expect(parseDay(text)).toBe(day);
  });

  it.each(['', '31/02/2026', '29/02/2026', '2026-13-01', '06/2026', 'demain'])('refuses %j', (text) => {
    expect(parseDay(text)).toBeNull();
  });
});

describe('counts and times from now', () => {
  it("write a count with the language's thousands separator", () => {
    expect(formatNumber(19_800, 'fr')).toMatch(/^19\s800$/);
    expect(formatNumber(19_800, 'en')).toBe('19,800');
    expect(formatNumber(2.46, 'en', 1)).toBe('2.5');
  });
  it('round a time from now to seconds, minutes or hours', () => {
    expect(formatIn(44.2, 'fr')).toMatch(/^dans\s45\ss$/);
    expect(formatIn(130, 'fr')).toMatch(/^dans\s3\smin$/);
    expect(formatIn(130, 'en')).toMatch(/^in\s3\smin\.$/);
    expect(formatIn(2.2 * 3600, 'en')).toMatch(/^in\s2\shr\.$/);
  });
});

describe('formatters', () => {
  it('are made once per language and options, and format as a new one would', () => {
    // Assess: the same object for the same language and options, another for another language or options.
    expect(numberFormat('fr', {})).toBe(numberFormat('fr', {}));
    expect(numberFormat('en', {})).not.toBe(numberFormat('fr', {}));
    expect(numberFormat('fr', { maximumFractionDigits: 2 })).not.toBe(numberFormat('fr', {}));
    expect(dateTimeFormat('fr', { dateStyle: 'medium' })).toBe(dateTimeFormat('fr', { dateStyle: 'medium' }));
    expect(formatDay('2026-03-12', 'fr')).toBe(
      new Intl.DateTimeFormat('fr', { dateStyle: 'medium' }).format(new Date(2026, 2, 12)),
    );
    expect(formatDay('2026-03-12', 'en')).toBe('Mar 12, 2026');
  });
});

describe('prepareFormatters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds the first formatters of a page, each in a task of its own, so that formatting then builds none', async () => {
    // A language no other test formats in: its formatters are not made yet.
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    // Each task's start: a message the page sends itself (next-task.ts).
    const tasks = vi.spyOn(globalThis, 'MessageChannel');
    const preparing = prepareFormatters('de');
    expect(dates).not.toHaveBeenCalled();
    await preparing;
    expect(tasks).toHaveBeenCalledTimes(3);
    expect(dates).toHaveBeenCalledTimes(2);
    expect(numbers).toHaveBeenCalledTimes(1);
    // The options formatDay, formatDateTime and formatNumber ask for: made already.
    dateTimeFormat('de', { dateStyle: 'medium' });
    dateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' });
    numberFormat('de', { maximumFractionDigits: 0 });
    expect(dates).toHaveBeenCalledTimes(2);
    expect(numbers).toHaveBeenCalledTimes(1);
  });
});
