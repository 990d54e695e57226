import { serializeListQuery } from '@cellar/shared/filter/query';
import { describe, expect, it } from 'vitest';
import { conditionOf, conditionsOf, gridQuery, pageOf, sortKeysOf } from './list-query';

describe('Function: conditionOf', () => {
  it.each([
    ['contains', 'contains'],
    ['startsWith', 'startsWith'],
    ['endsWith', 'endsWith'],
    ['equals', 'eq'],
    ['notEqual', 'ne'],
  ] as const)('maps the text option %s to %s', (type, op) => {
    expect(conditionOf('code', { filterType: 'text', type, filter: 'AB' })).toEqual({
      field: 'code',
      op,
      values: ['AB'],
    });
  });

  it('ignores text options the API cannot express, and empty values', () => {
    expect(conditionOf('code', { filterType: 'text', type: 'notContains', filter: 'A' })).toBeNull();
    expect(conditionOf('code', { filterType: 'text', type: 'contains', filter: '' })).toBeNull();
  });

  it.each([
    ['equals', 'eq'],
    ['notEqual', 'ne'],
    ['greaterThan', 'gt'],
    ['greaterThanOrEqual', 'ge'],
    ['lessThan', 'lt'],
    ['lessThanOrEqual', 'le'],
  ] as const)('maps the number option %s to %s', (type, op) => {
    expect(conditionOf('qty', { filterType: 'number', type, filter: 0 })).toEqual({ field: 'qty', op, values: ['0'] });
  });

  it('maps a number range to bt, and needs both bounds', () => {
    expect(conditionOf('qty', { filterType: 'number', type: 'inRange', filter: 1, filterTo: 5 })).toEqual({
      field: 'qty',
      op: 'bt',
      values: ['1', '5'],
    });
    expect(conditionOf('qty', { filterType: 'number', type: 'inRange', filter: 1 })).toBeNull();
  });

  it('covers the whole day for a date equal to, with an inclusive end', () => {
    expect(conditionOf('createdAt', { filterType: 'date', type: 'equals', dateFrom: '2026-01-31 00:00:00' })).toEqual({
      field: 'createdAt',
      op: 'bt',
      values: ['2026-01-31', '2026-01-31T23:59:59.999'],
    });
  });

  it('ends a date range at the last instant of its last day', () => {
    const model = { filterType: 'date', type: 'inRange', dateFrom: '2026-01-01', dateTo: '2026-01-31' } as const;
    expect(conditionOf('createdAt', model)?.values).toEqual(['2026-01-01', '2026-01-31T23:59:59.999']);
  });

  it('puts "after a day" past its end and "before a day" before its start', () => {
    expect(conditionOf('d', { filterType: 'date', type: 'greaterThan', dateFrom: '2026-02-01' })).toEqual({
      field: 'd',
      op: 'gt',
      values: ['2026-02-01T23:59:59.999'],
    });
    expect(conditionOf('d', { filterType: 'date', type: 'lessThan', dateFrom: '2026-02-01' })).toEqual({
      field: 'd',
      op: 'lt',
      values: ['2026-02-01'],
    });
  });

  it('maps choices, the NULL literal included, to one eq list', () => {
    expect(conditionOf('segment', { filterType: 'choice', values: ['B2B', 'NULL'] })).toEqual({
      field: 'segment',
      op: 'eq',
      values: ['B2B', 'NULL'],
    });
    expect(conditionOf('segment', { filterType: 'choice', values: [] })).toBeNull();
  });
});

describe('Function: gridQuery', () => {
  it('puts fixed filters, the search and column filters together, escaped by the shared serializer', () => {
    // Prepare
    const query = gridQuery({
      fixedFilters: [{ field: 'type', op: 'eq', values: ['recipient'] }],
      search: '  Dupont, fils ',
      filterModel: { 'address.city': { filterType: 'text', type: 'startsWith', filter: 'Par' } },
      sortModel: [],
      defaultSort: [{ field: 'code', desc: false }],
      include: ['owner'],
    });
    // Act
    const qs = new URLSearchParams(serializeListQuery(pageOf(query, 40, 20)));
    // Assess
    expect([...qs]).toEqual([
      ['filter[type]', 'recipient'],
      ['filter[search]', 'Dupont\\, fils'],
      ['filter[address.city][startsWith]', 'Par'],
      ['sort', 'code'],
      ['include', 'owner'],
      ['paginate', '20'],
      ['page', '3'],
    ]);
  });

  it('uses the grid sort over the default sort', () => {
    expect(sortKeysOf([{ colId: 'displayName', sort: 'desc' }], [{ field: 'code', desc: false }])).toEqual([
      { field: 'displayName', desc: true },
    ]);
  });

  it('drops empty models', () => {
    expect(conditionsOf({ code: { filterType: 'text', type: 'contains', filter: null } })).toEqual([]);
    expect(conditionsOf(undefined)).toEqual([]);
  });
});
