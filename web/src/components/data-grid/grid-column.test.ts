import type { ListSpec } from '@cellar/shared/filter/query';
import { describe, expect, it } from 'vitest';
import { columnAbilities, exportedFields, filterableColumns, filterKindOf, narrowFields } from './grid-column';

const SPEC: ListSpec = {
  filters: ['code', 'quantity', 'warehouse.id', 'storedAt'],
  sorts: ['code', 'quantity'],
  includes: [],
};
const CHOICES = { choices: [{ value: 'B2B', text: 'B2B' }] };

describe('Function: columnAbilities', () => {
  it.each([
    ['a field the list sorts and filters', { field: 'code' }, { sortable: true, filter: 'text' }],
    ['a declared filter kind', { field: 'quantity', filter: 'number' as const }, { sortable: true, filter: 'number' }],
    [
      'a field the list neither sorts nor filters',
      { field: 'label', filter: 'text' as const },
      { sortable: false, filter: null },
    ],
    [
      'a filter on another field',
      { field: 'warehouse.name', filterField: 'warehouse.id', filter: CHOICES },
      { sortable: false, filter: CHOICES },
    ],
    ['a filter field the list refuses', { field: 'code', filterField: 'owner.id' }, { sortable: true, filter: null }],
    [
      'a filtered field the list does not sort',
      { field: 'storedAt', filter: 'date' as const },
      { sortable: false, filter: 'date' },
    ],
  ])('reads %s from the spec', (_, column, abilities) => {
    // Act
    const result = columnAbilities(column, SPEC);

    // Assess
    expect(result).toEqual(abilities);
  });

  it('sorts every owner’s rows of a list sorted by owner by its key alone, one owner’s by all its sorts', () => {
    const byOwner: ListSpec = { ...SPEC, indexes: { code: 'key', quantity: 'LS1' }, sortsByOwner: true };
    // Act
    const everyOwner = ['code', 'quantity'].map((field) => columnAbilities({ field }, byOwner, true).sortable);
    const oneOwner = ['code', 'quantity'].map((field) => columnAbilities({ field }, byOwner, false).sortable);
    const notByOwner = ['code', 'quantity'].map((field) => columnAbilities({ field }, SPEC, true).sortable);

    // Assess
    expect(everyOwner).toEqual([true, false]);
    expect(oneOwner).toEqual([true, true]);
    expect(notByOwner).toEqual([true, true]);
  });

  it('follows a spec that narrows: the column loses what the list no longer declares', () => {
    const narrowed: ListSpec = { ...SPEC, filters: ['code'], sorts: [] };
    expect(columnAbilities({ field: 'quantity', filter: 'number' }, narrowed)).toEqual({
      sortable: false,
      filter: null,
    });
  });
});

describe('Function: filterKindOf', () => {
  it.each([
    ['text', 'text'],
    ['number', 'number'],
    ['dateRange', 'dateRange'],
    [CHOICES, 'choice'],
    [null, null],
  ] as const)('%j filters as %s', (filter, kind) => {
    expect(filterKindOf(filter)).toBe(kind);
  });
});

describe('Function: filterableColumns', () => {
  it('names the field each column filters, and how, or no kind when the list refuses it', () => {
    expect(
      filterableColumns(
        [
          { field: 'code', header: 'h' },
          { field: 'warehouse.name', header: 'h', filterField: 'warehouse.id', filter: CHOICES },
          { field: 'label', header: 'h' },
        ],
        SPEC,
      ),
    ).toEqual([
      { colId: 'code', field: 'code', kind: 'text' },
      { colId: 'warehouse.name', field: 'warehouse.id', kind: 'choice' },
      { colId: 'label', field: 'label', kind: null },
    ]);
  });
});

describe('Function: exportedFields', () => {
  it('asks an export for the visible columns it writes, in their order, leaving out those shown only', () => {
    const columns = [
      { field: 'code', header: 'h' },
      { field: 'links', header: 'h', exported: false as const },
      { field: 'label', header: 'h' },
      { field: 'quantity', header: 'h' },
    ];
    expect(exportedFields(columns, ['code', 'links', 'label'])).toEqual(['code', 'label']);
    expect(exportedFields(columns, ['links'])).toEqual([]);
  });
});

describe('Function: narrowFields', () => {
  const COLUMNS = [
    { field: 'reference', narrow: true as const },
    { field: 'createdAt' },
    { field: 'statusCode', narrow: true as const },
    { field: 'orderedQuantity', narrow: true as const },
  ];

  it('keeps the key columns the layout shows, in their order', () => {
    expect(narrowFields(COLUMNS, ['orderedQuantity', 'createdAt', 'statusCode', 'reference'])).toEqual([
      'reference',
      'statusCode',
      'orderedQuantity',
    ]);
  });

  it('leaves out a key column the user hid', () => {
    expect(narrowFields(COLUMNS, ['reference', 'orderedQuantity'])).toEqual(['reference', 'orderedQuantity']);
  });

  it('shows every key column when the layout hides them all, rather than an empty grid', () => {
    expect(narrowFields(COLUMNS, ['createdAt'])).toEqual(['reference', 'statusCode', 'orderedQuantity']);
  });
});
