import { getPath } from '@cellar/shared/common/path';
import { routes } from '@cellar/shared/routes/table';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { columnDefsOf } from './column-defs';
import type { GridColumn } from './grid-column';
import { cellOf, nextSort } from './light-grid';

const t = ((key: string) => `t:${key}`) as TFunction;
const WAREHOUSE: GridColumn<typeof routes.contactList> = {
  field: 'warehouse.name',
  header: 'contacts.columns.warehouse',
  filterField: 'warehouse.id',
};

describe('Function: cellOf', () => {
  const row = {
    code: 'CLT0001',
    segment: 'B2B',
    warehouse: { name: 'Bordeaux' },
  } as unknown as Parameters<ReturnType<typeof cellOf<typeof routes.contactList>>>[0];

  it('draws a cell as AG Grid does: a dotted field read, a choice by its name, a value or a render first', () => {
    const named: GridColumn<typeof routes.contactList> = {
      field: 'segment',
      header: 'h',
      filter: { choices: [{ value: 'B2B', label: 'segments.b2b' }] },
    };
    expect(cellOf(WAREHOUSE, t)(row)).toBe('Bordeaux');
    expect(cellOf(named, t)(row)).toBe('t:segments.b2b');
    expect(cellOf({ field: 'missing.path', header: 'h' }, t)(row)).toBe('');
    expect(cellOf({ field: 'code', header: 'h', value: () => 42 }, t)(row)).toBe('42');
    expect(cellOf({ field: 'code', header: 'h', render: () => 'drawn', value: () => 42 }, t)(row)).toBe('drawn');
  });

  it('reads the same value as the column AG Grid is given', () => {
    const [def] = columnDefsOf({
      columns: [{ field: 'segment', header: 'h', filter: { choices: [{ value: 'B2B', label: 'segments.b2b' }] } }],
      spec: routes.contactList.list,
      visible: ['segment'],
      actionsWidth: 60,
      t,
    });
    const format = def?.valueFormatter as (p: { value: unknown }) => string;
    const formatted = format({ value: getPath(row, 'segment') });
    expect(formatted).toBe('t:segments.b2b');
  });
});

describe('Function: nextSort', () => {
  it("cycles a header's sort as AG Grid does: ascending, descending, none, and one column at a time", () => {
    expect(nextSort([], 'code')).toEqual([{ colId: 'code', sort: 'asc' }]);
    expect(nextSort([{ colId: 'code', sort: 'asc' }], 'code')).toEqual([{ colId: 'code', sort: 'desc' }]);
    expect(nextSort([{ colId: 'code', sort: 'desc' }], 'code')).toEqual([]);
    expect(nextSort([{ colId: 'code', sort: 'desc' }], 'segment')).toEqual([{ colId: 'segment', sort: 'asc' }]);
  });
});
