import { describe, expect, it } from 'vitest';
import { buildPivot, DEFAULT_LAYOUT, dailyCounts, parseLayout, type StatCount } from './pivot';

const count = (company: string, pageName: string, date: string, n: number, type = 'pageView'): StatCount => ({
  company,
  type,
  pageName,
  date,
  count: n,
});

const COUNTS = [
  count('CLI001', 'dashboard', '2026-03-01', 2),
  count('CLI001', 'dashboard', '2026-03-09', 1),
  count('CLI001', 'stock-list', '2026-04-02', 5),
  count('CLI002', 'dashboard', '2026-03-01', 4),
];

describe('Function: buildPivot', () => {
  it('puts one row per company, type and page, and one column per day, oldest first', () => {
    // Act
    const pivot = buildPivot(COUNTS, DEFAULT_LAYOUT);
    // Assess
    expect(pivot.columns).toEqual(['2026-03-01', '2026-03-09', '2026-04-02']);
    expect(pivot.rows.map((r) => [r.fields, r.cells, r.total])).toEqual([
      [{ company: 'CLI001', type: 'pageView', pageName: 'dashboard' }, { '2026-03-01': 2, '2026-03-09': 1 }, 3],
      [{ company: 'CLI001', type: 'pageView', pageName: 'stock-list' }, { '2026-04-02': 5 }, 5],
      [{ company: 'CLI002', type: 'pageView', pageName: 'dashboard' }, { '2026-03-01': 4 }, 4],
    ]);
  });

  it('sums the days of a month when grouping by month', () => {
    const pivot = buildPivot(COUNTS, { rowFields: ['company', 'pageName'], dateGrouping: 'month' });
    expect(pivot.columns).toEqual(['2026-03', '2026-04']);
    expect(pivot.rows[0]).toMatchObject({
      fields: { company: 'CLI001', pageName: 'dashboard' },
      cells: { '2026-03': 3 },
    });
  });

  it('merges the rows of the fields left out', () => {
    const pivot = buildPivot(COUNTS, { rowFields: ['pageName'], dateGrouping: 'day' });
    expect(pivot.rows.map((r) => [r.fields.pageName, r.total])).toEqual([
      ['dashboard', 7],
      ['stock-list', 5],
    ]);
    expect(pivot.rows[0]?.cells['2026-03-01']).toBe(6);
  });

  it('keeps the canonical order of the row fields, whatever the order chosen', () => {
    const pivot = buildPivot(COUNTS, { rowFields: ['pageName', 'company'], dateGrouping: 'day' });
    expect(Object.keys(pivot.rows[0]?.fields ?? {})).toEqual(['company', 'pageName']);
  });

  it('gives a single row of everything without row fields, and totals per column', () => {
    const pivot = buildPivot(COUNTS, { rowFields: [], dateGrouping: 'month' });
    expect(pivot.rows).toHaveLength(1);
    expect(pivot.rows[0]?.total).toBe(12);
    expect(pivot.totals).toMatchObject({ cells: { '2026-03': 7, '2026-04': 5 }, total: 12 });
  });

  it('gives no rows nor columns for no counts', () => {
    expect(buildPivot([], DEFAULT_LAYOUT)).toMatchObject({ columns: [], rows: [], totals: { total: 0 } });
  });

  it('keeps row ids distinct when values contain separators', () => {
    const pivot = buildPivot([count('A|B', 'x', '2026-01-01', 1), count('A', 'B|x', '2026-01-01', 1)], {
      rowFields: ['company', 'pageName'],
      dateGrouping: 'day',
    });
    expect(new Set(pivot.rows.map((r) => r.id)).size).toBe(2);
  });
});

describe('Function: parseLayout', () => {
  it('reads a stored layout', () => {
    expect(parseLayout({ rowFields: ['pageName', 'company'], dateGrouping: 'month' })).toEqual({
      rowFields: ['company', 'pageName'],
      dateGrouping: 'month',
    });
  });

  it.each([[null], ['text'], [{ rowFields: 'company', dateGrouping: 'week' }]])(
    'falls back to the default for %j',
    (raw) => {
      expect(parseLayout(raw)).toEqual(DEFAULT_LAYOUT);
    },
  );

  it('drops unknown fields', () => {
    expect(parseLayout({ rowFields: ['company', 'user'], dateGrouping: 'day' }).rowFields).toEqual(['company']);
  });
});

describe('Function: dailyCounts', () => {
  it('spreads each row of the API into one count per day', () => {
    expect(
      dailyCounts([
        { company: 'CLI001', type: 'pageView', pageName: 'stock', days: { '2026-03-01': 2, '2026-03-02': 1 } },
      ]),
    ).toEqual([
      { company: 'CLI001', type: 'pageView', pageName: 'stock', date: '2026-03-01', count: 2 },
      { company: 'CLI001', type: 'pageView', pageName: 'stock', date: '2026-03-02', count: 1 },
    ]);
  });
});
