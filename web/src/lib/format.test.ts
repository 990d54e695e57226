import { describe, expect, it } from 'vitest';
import { formatIn, formatNumber, parseDay } from './format';

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
