import { serializeListQuery } from '@cellar/shared/filter/query';
import { describe, expect, it } from 'vitest';
import {
  conditionOf,
  conditionsOf,
  type FilterableColumn,
  filterModelOf,
  gridQuery,
  modelOf,
  PageCursors,
  pageOf,
  parseGridFilters,
  sortKeysOf,
} from './list-query';

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

  it('covers the whole day for a date equal to (the API includes a date-only end day)', () => {
    expect(conditionOf('createdAt', { filterType: 'date', type: 'equals', dateFrom: '2026-01-31 00:00:00' })).toEqual({
      field: 'createdAt',
      op: 'bt',
      values: ['2026-01-31', '2026-01-31'],
    });
  });

  it('sends a date range as days, its last day included by the API', () => {
    const model = {
      filterType: 'date',
      type: 'inRange',
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31 00:00:00',
    } as const;
    expect(conditionOf('createdAt', model)?.values).toEqual(['2026-01-01', '2026-01-31']);
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

describe('Function: conditionsOf with filter fields', () => {
  it('filters a column on the field it names (names shown, ids filtered)', () => {
    const model = { 'warehouse.name': { filterType: 'choice' as const, values: ['W1'] } };
    expect(conditionsOf(model, (colId) => (colId === 'warehouse.name' ? 'warehouse.id' : colId))).toEqual([
      { field: 'warehouse.id', op: 'eq', values: ['W1'] },
    ]);
  });

  it('is used by gridQuery', () => {
    const q = gridQuery({
      fixedFilters: [],
      search: '',
      filterModel: { 'family.name': { filterType: 'choice', values: ['WINE_RED'] } },
      sortModel: [],
      defaultSort: [],
      include: [],
      filterFields: { 'family.name': 'family.id' },
    });
    expect(q.filters).toEqual([{ field: 'family.id', op: 'eq', values: ['WINE_RED'] }]);
  });
});

describe('Function: modelOf', () => {
  it.each([
    ['text', { field: 'code', op: 'contains', values: ['AB'] }, { filterType: 'text', type: 'contains', filter: 'AB' }],
    ['text', { field: 'code', op: 'eq', values: ['AB'] }, { filterType: 'text', type: 'equals', filter: 'AB' }],
    [
      'number',
      { field: 'qty', op: 'ge', values: ['5'] },
      { filterType: 'number', type: 'greaterThanOrEqual', filter: 5 },
    ],
    [
      'number',
      { field: 'qty', op: 'bt', values: ['1', '9'] },
      { filterType: 'number', type: 'inRange', filter: 1, filterTo: 9 },
    ],
    ['choice', { field: 'hidden', op: 'eq', values: ['false'] }, { filterType: 'choice', values: ['false'] }],
    [
      'dateRange',
      { field: 'date', op: 'bt', values: ['2026-06-01', '2026-06-30'] },
      { filterType: 'date', type: 'inRange', dateFrom: '2026-06-01 00:00:00', dateTo: '2026-06-30 00:00:00' },
    ],
    [
      'date',
      { field: 'createdAt', op: 'lt', values: ['2026-06-01'] },
      { filterType: 'date', type: 'lessThan', dateFrom: '2026-06-01 00:00:00' },
    ],
  ] as const)('shows a %s column the condition %j', (kind, condition, model) => {
    expect(modelOf(kind, { ...condition, values: [...condition.values] })).toEqual(model);
  });

  it.each([
    ['text', { field: 'code', op: 'eq', values: ['A', 'B'] }],
    ['number', { field: 'qty', op: 'gt', values: ['many'] }],
    ['choice', { field: 'hidden', op: 'ne', values: ['true'] }],
    ['dateRange', { field: 'date', op: 'gt', values: ['2026-06-01'] }],
    ['date', { field: 'date', op: 'bt', values: ['yesterday', 'today'] }],
  ] as const)('cannot show a %s column the condition %j', (kind, condition) => {
    expect(modelOf(kind, { ...condition, values: [...condition.values] })).toBeNull();
  });

  it.each([
    [
      'a year in Paris (its bounds as instants)',
      ['2025-12-31T23:00:00.000Z', '2026-12-31T22:59:59.999Z'],
      '2026-01-01',
      '2026-12-31',
    ],
    [
      'a summer month (Paris at UTC+2)',
      ['2026-06-30T22:00:00.000Z', '2026-07-31T21:59:59.999Z'],
      '2026-07-01',
      '2026-07-31',
    ],
  ])('shows %s on the days the warehouses live them', (_, values, from, to) => {
    // Act
    const model = modelOf('date', { field: 'createdAt', op: 'bt', values });
    // Assess
    expect(model).toEqual({
      filterType: 'date',
      type: 'inRange',
      dateFrom: `${from} 00:00:00`,
      dateTo: `${to} 00:00:00`,
    });
  });

  it('round-trips through conditionOf', () => {
    const condition = { field: 'date', op: 'bt' as const, values: ['2026-06-01', '2026-06-30'] };
    const model = modelOf('dateRange', condition);
    expect(model && conditionOf('date', model)).toEqual(condition);
  });
});

describe('Function: filterModelOf', () => {
  const columns: FilterableColumn[] = [
    { colId: 'code', field: 'code', kind: 'text' },
    { colId: 'hidden', field: 'hidden', kind: 'choice' },
    { colId: 'warehouse.name', field: 'warehouse.id', kind: 'choice' },
    { colId: 'note', field: 'note', kind: null },
  ];

  it('gives each condition to the column filtering its field, and keeps the others apart', () => {
    // Prepare
    const conditions = parseGridFilters(
      'filter[hidden]=false&filter[warehouse.id]=W1,W2&filter[note]=x&filter[stocks.available][gt]=0',
    );
    // Act
    const { model, rest } = filterModelOf(conditions, columns);
    // Assess
    expect(model).toEqual({
      hidden: { filterType: 'choice', values: ['false'] },
      'warehouse.name': { filterType: 'choice', values: ['W1', 'W2'] },
    });
    expect(rest).toEqual([
      { field: 'note', op: 'eq', values: ['x'] },
      { field: 'stocks.available', op: 'gt', values: ['0'] },
    ]);
  });

  it('keeps a second condition on the same column apart', () => {
    const { model, rest } = filterModelOf(
      [
        { field: 'code', op: 'startsWith', values: ['A'] },
        { field: 'code', op: 'endsWith', values: ['Z'] },
      ],
      columns,
    );
    expect(model.code).toEqual({ filterType: 'text', type: 'startsWith', filter: 'A' });
    expect(rest).toEqual([{ field: 'code', op: 'endsWith', values: ['Z'] }]);
  });
});

describe('Function: parseGridFilters', () => {
  it('reads the decoded route parameter', () => {
    const raw = new URLSearchParams('grid_filters=filter%5Bhidden%5D%3Dfalse').get('grid_filters');
    expect(parseGridFilters(raw)).toEqual([{ field: 'hidden', op: 'eq', values: ['false'] }]);
  });

  it.each([[null], [''], ['filter[code][nope]=x'], ['filter[date][bt]=2026-01-01']])(
    'opens the list unfiltered for %j',
    (raw) => {
      expect(parseGridFilters(raw)).toEqual([]);
    },
  );
});

describe('Class: PageCursors', () => {
  const query = gridQuery({
    fixedFilters: [{ field: 'type', op: 'eq', values: ['recipient'] }],
    search: '',
    filterModel: {},
    sortModel: [{ colId: 'address.city', sort: 'asc' }],
    defaultSort: [],
    include: [],
    filterFields: {},
  });

  it('asks the block after a loaded one with the cursor that block ended with', () => {
    // Prepare
    const cursors = new PageCursors();
    cursors.remember(pageOf(query, 0, 20), 'end-of-1');
    cursors.remember(pageOf(query, 20, 20), 'end-of-2');
    // Act
    const second = cursors.withCursor(pageOf(query, 20, 20));
    const third = cursors.withCursor(pageOf(query, 40, 20));
    const far = cursors.withCursor(pageOf(query, 400, 20));
    // Assess
    expect(second.cursor).toBe('end-of-1');
    expect(third.cursor).toBe('end-of-2');
    expect(far.cursor).toBeUndefined();
    expect(cursors.withCursor(pageOf(query, 0, 20)).cursor).toBeUndefined();
  });

  it('never gives one query’s cursor to another', () => {
    // Prepare
    const cursors = new PageCursors();
    cursors.remember(pageOf(query, 0, 20), 'end-of-1');
    const otherSort = { ...query, sort: [{ field: 'code', desc: true }] };
    // Act / Assess
    expect(cursors.withCursor(pageOf(otherSort, 20, 20)).cursor).toBeUndefined();
    expect(cursors.withCursor(pageOf(query, 20, 100)).cursor).toBeUndefined();
  });
});
