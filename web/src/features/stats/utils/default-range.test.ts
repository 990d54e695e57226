import { describe, expect, it } from 'vitest';
import { defaultRange } from './default-range';

describe('the statistics’ default dates', () => {
  it('end on the day it is in Paris, whatever the browser’s zone', () => {
    // 23:30 UTC on 26 November is 00:30 on the 27th in Paris
    expect(defaultRange(new Date('2026-11-26T23:30:00Z'))).toEqual({ start: '2026-10-29', end: '2026-11-27' });
  });

  it('span 30 days across a change of month and year', () => {
    expect(defaultRange(new Date('2026-01-10T10:00:00Z'))).toEqual({ start: '2025-12-12', end: '2026-01-10' });
  });
});
