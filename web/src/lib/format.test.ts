import { describe, expect, it } from 'vitest';
import { parseDay } from './format';

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
