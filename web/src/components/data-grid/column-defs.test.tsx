import { routes } from '@cellar/shared/routes/table';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CHOICE_FILTER } from './choice-filter';
import { columnDefsOf, NARROW_MIN_WIDTH } from './column-defs';
import type { GridColumn } from './grid-column';

const t = ((key: string) => `t:${key}`) as TFunction;
const COLUMNS: GridColumn<typeof routes.contactList>[] = [
  { field: 'code', header: 'contacts.columns.code', width: 150 },
  { field: 'segment', header: 'contacts.columns.segment', filter: { choices: [{ value: 'B2B', text: 'B2B' }] } },
  { field: 'warehouse.name', header: 'contacts.columns.warehouse', filterField: 'warehouse.id', hidden: true },
];

describe('Function: columnDefsOf', () => {
  it('sorts and filters each column as the contact list route allows', () => {
    // Act
    const defs = columnDefsOf({
      columns: COLUMNS,
      spec: routes.contactList.list,
      visible: ['code', 'segment'],
      actionsWidth: 60,
      t,
    });

    // Assess
    expect(defs.map(({ colId, sortable, filter, hide }) => ({ colId, sortable, filter, hide }))).toEqual([
      { colId: 'code', sortable: true, filter: 'agTextColumnFilter', hide: false },
      { colId: 'segment', sortable: true, filter: CHOICE_FILTER, hide: false },
      // The list filters by the warehouse's name; no index orders by it.
      { colId: 'warehouse.name', sortable: false, filter: 'agTextColumnFilter', hide: true },
    ]);
    expect(defs[0]).toMatchObject({ headerName: 't:contacts.columns.code', width: 150, flex: 0 });
  });

  it('offers nothing the route does not declare', () => {
    const defs = columnDefsOf({
      columns: [{ field: 'address.details', header: 'h', filter: 'number' }],
      spec: routes.contactList.list,
      visible: ['address.details'],
      actionsWidth: 60,
      t,
    });
    expect(defs[0]).toMatchObject({ sortable: false, filter: false });
  });

  it('puts the row icons first, fixed, when the grid has some', () => {
    const defs = columnDefsOf({
      columns: COLUMNS,
      spec: routes.contactList.list,
      visible: [],
      rowActions: () => null,
      actionsWidth: 100,
      t,
    });
    expect(defs[0]).toMatchObject({
      colId: 'actions',
      width: 100,
      sortable: false,
      filter: false,
      suppressMovable: true,
    });
  });

  it('shares a phone’s width between the key columns as their desktop widths weigh, the row icons after them', () => {
    // Prepare
    const columns: GridColumn<typeof routes.contactList>[] = [
      { field: 'code', header: 'contacts.columns.code', width: 200, narrow: true },
      { field: 'address.city', header: 'contacts.columns.city', width: 100, narrow: true },
      { field: 'segment', header: 'contacts.columns.segment' },
    ];

    // Act
    const defs = columnDefsOf({
      columns,
      spec: routes.contactList.list,
      visible: ['code', 'address.city'],
      rowActions: () => null,
      actionsWidth: 100,
      t,
      narrow: { width: 300 },
    });

    // Assess
    expect(defs.map((d) => [d.colId, d.hide ?? false, d.width])).toEqual([
      ['code', false, 200],
      ['address.city', false, 100],
      ['segment', true, NARROW_MIN_WIDTH],
      ['actions', false, 100],
    ]);
    expect(defs[0]).toMatchObject({ flex: 0, minWidth: NARROW_MIN_WIDTH });
  });

  it('words the values of a column filtered by named choices, and leaves the others as they are', () => {
    // Prepare
    const columns: GridColumn<typeof routes.userList>[] = [
      {
        field: 'role.slug',
        header: 'users.columns.role',
        filter: { choices: [{ value: 'admin', label: 'roles.admin' }] },
      },
      { field: 'email', header: 'users.columns.email', filter: { choices: [{ value: 'x', text: 'x' }] } },
    ];

    // Act
    const [role, email] = columnDefsOf({
      columns,
      spec: routes.userList.list,
      visible: [],
      actionsWidth: 60,
      t,
    });
    const show = (def: typeof role, value: unknown) =>
      (def?.valueFormatter as ((p: { value: unknown }) => string) | undefined)?.({ value });

    // Assess
    expect(show(role, 'admin')).toBe('t:roles.admin');
    expect(show(role, 'ghost')).toBe('ghost');
    expect(show(role, null)).toBe('');
    expect(show(role, ['admin', 'ghost'])).toBe('t:roles.admin, ghost');
    expect(email?.valueFormatter).toBeUndefined();
  });
});
