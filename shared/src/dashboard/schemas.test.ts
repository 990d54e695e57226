import { describe, expect, it } from 'vitest';
import { cardFilters, yearBounds } from './schemas';

describe('Method: yearBounds', () => {
  it.each([
    [2026, '2025-12-31T23:00:00.000Z', '2026-12-31T22:59:59.999Z'],
    [2027, '2026-12-31T23:00:00.000Z', '2027-12-31T22:59:59.999Z'],
  ])('gives %i as Paris midnight to midnight', (year, start, end) => {
    // Act
    const bounds = yearBounds(year);
    // Assess
    expect(bounds).toEqual([start, end]);
  });

  it('follows the zone asked', () => {
    expect(yearBounds(2026, 'UTC')).toEqual(['2026-01-01T00:00:00.000Z', '2026-12-31T23:59:59.999Z']);
  });
});

describe('Method: cardFilters', () => {
  it('opens the lists on what each card counts', () => {
    // Act
    const links = cardFilters(2026);
    // Assess
    expect(links.yearOrdersCount).toBe(
      'filter[createdAt][bt]=2025-12-31T23:00:00.000Z,2026-12-31T22:59:59.999Z&filter[statusCode]=005,010,020,030,040,050,070',
    );
    expect(links.yearBottlesCount).toMatch(/&filter\[statusCode\]=040,070$/);
    expect(links.yearReceptionsCount).toMatch(/&filter\[statusCode\]=001,100,200$/);
    expect(links.referencesCount).toBe('filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO');
  });
});
