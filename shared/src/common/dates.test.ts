import { describe, expect, it } from 'vitest';
import { endOfDayIn, notBeforeToday, startOfDayIn, todayIn } from './dates';

describe('todayIn', () => {
  it('is the Paris day, not the UTC one, around midnight', () => {
    // Prepare: 23:30 UTC on 31 December is already 1 January in Paris (UTC+1 in winter).
    const now = new Date('2026-12-31T23:30:00Z');
    // Act / Assess
    expect(todayIn('Europe/Paris', now)).toBe('2027-01-01');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
  });

  it('refuses yesterday and accepts today and later', () => {
    const now = new Date('2026-06-15T10:00:00Z');
    expect(notBeforeToday('2026-06-14', now)).toBe(false);
    expect(notBeforeToday('2026-06-15', now)).toBe(true);
    expect(notBeforeToday('2026-07-01', now)).toBe(true);
  });
});

describe('startOfDayIn, endOfDayIn', () => {
  it.each([
    // Winter (UTC+1), summer (UTC+2), and the days the clocks change.
    ['2026-11-01', '2026-10-31T23:00:00.000Z', '2026-11-01T22:59:59.999Z'],
    ['2026-07-01', '2026-06-30T22:00:00.000Z', '2026-07-01T21:59:59.999Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.999Z'],
    ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T22:59:59.999Z'],
  ])('bound the Paris day %s', (day, start, end) => {
    expect(startOfDayIn(day)).toBe(start);
    expect(endOfDayIn(day)).toBe(end);
  });
  it('are the UTC day in UTC', () => {
    expect(startOfDayIn('2026-11-01', 'UTC')).toBe('2026-11-01T00:00:00.000Z');
    expect(endOfDayIn('2026-11-01', 'UTC')).toBe('2026-11-01T23:59:59.999Z');
  });
});
