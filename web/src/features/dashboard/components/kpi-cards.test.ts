import { describe, expect, it } from 'vitest';
import { cardLink } from './kpi-cards';

describe('Method: cardLink', () => {
  it.each([
    ['yearOrdersCount', '/order/list', 'filter[statusCode]=005,010,020,030,040,050,070'],
    ['yearBottlesCount', '/order/list', 'filter[statusCode]=040,070'],
    ['yearReceptionsCount', '/reception/list', 'filter[statusCode]=001,100,200'],
    ['referencesCount', '/stock/list', 'filter[available][gt]=0'],
  ] as const)('opens %s on %s filtered by what it counts', (card, list, filter) => {
    // Act
    const link = new URL(cardLink(card, 2026, null), 'http://x');
    // Assess
    expect(link.pathname).toBe(list);
    expect(link.searchParams.get('grid_filters')).toContain(filter);
  });

  it('opens the whole stock for the bottles in stock', () => {
    expect(cardLink('bottlesCount', 2026, null)).toBe('/stock/list');
  });

  it("adds the superadmin's chosen owner", () => {
    // Act
    const filters = new URL(cardLink('bottlesCount', 2026, 'C1'), 'http://x').searchParams.get('grid_filters');
    // Assess
    expect(filters).toBe('filter[owner.id]=C1');
  });
});
