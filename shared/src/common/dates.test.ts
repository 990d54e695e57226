import { describe, expect, it } from 'vitest';
import { notBeforeToday, todayIn } from './dates';

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
