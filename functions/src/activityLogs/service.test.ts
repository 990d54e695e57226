import { describe, expect, it } from 'vitest';
import { monthsBetween } from './service';

describe('Function: monthsBetween', () => {
  it('lists the months of a range, across years', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-06-01', '2026-06-30')).toEqual(['2026-06']);
    expect(monthsBetween('2026-07-01', '2026-06-30')).toEqual([]);
  });
});
