/** The grid's columns as AG Grid reads them: the route's abilities, the filter component of each kind, cells. */
import type { ListSpec } from '@cellar/shared/filter/query';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ChipList } from '../ui/chip-list';
import { CHOICE_FILTER } from './choice-filter';
import { columnAbilities, type GridColumn, type GridColumnFilter, type ListRoute, type RowOf } from './grid-column';
import { DATE_FILTER_OPTIONS, NUMBER_FILTER_OPTIONS, TEXT_FILTER_OPTIONS } from './list-query';

const FILTER_DEBOUNCE_MS = 500;
/** Warehouses listed in a cell: 3 chips, then '+ n autres' (spec 3 §2). */
export const MAX_CHIPS = 3;

/** Each column holds a single condition: the list query language has one per field. */
function filterOf(filter: GridColumnFilter | null): Pick<ColDef, 'filter' | 'filterParams'> {
  if (filter === null) return { filter: false };
  if (filter === 'number') {
    return {
      filter: 'agNumberColumnFilter',
      filterParams: { filterOptions: NUMBER_FILTER_OPTIONS, maxNumConditions: 1, debounceMs: FILTER_DEBOUNCE_MS },
    };
  }
  if (filter === 'date' || filter === 'dateRange') {
    return {
      filter: 'agDateColumnFilter',
      filterParams: {
        filterOptions: filter === 'dateRange' ? ['inRange'] : DATE_FILTER_OPTIONS,
        maxNumConditions: 1,
        inRangeInclusive: true,
      },
    };
  }
  if (typeof filter === 'object') return { filter: CHOICE_FILTER, filterParams: { choices: filter.choices } };
  return {
    filter: 'agTextColumnFilter',
    filterParams: { filterOptions: TEXT_FILTER_OPTIONS, maxNumConditions: 1, debounceMs: FILTER_DEBOUNCE_MS },
  };
}

type Cell<T> = { data?: T };

/**
 * A column filtered by choices named by i18n keys shows each value by its choice's name (a role slug as
 * 'Administrateur'), so the cell and its filter word it alike; a value without a choice shows as it is.
 */
export function choiceNamer(
  filter: GridColumnFilter | undefined,
  t: TFunction,
): ((value: unknown) => string) | undefined {
  if (!filter || typeof filter !== 'object') return undefined;
  const names = new Map(filter.choices.flatMap((c) => ('label' in c ? [[c.value, c.label] as const] : [])));
  if (!names.size) return undefined;
  const name = (v: unknown) => {
    const key = typeof v === 'string' ? names.get(v) : undefined;
    return key ? t(key) : v == null ? '' : String(v);
  };
  return (value) => (Array.isArray(value) ? value.map(name).join(', ') : name(value));
}

function cellsOf<R extends ListRoute>(c: GridColumn<R>, t: TFunction): Partial<ColDef> {
  if (c.chips) {
    const chips = c.chips;
    return {
      cellRenderer: (p: Cell<RowOf<R>>) => (p.data ? <ChipList labels={chips(p.data)} max={MAX_CHIPS} /> : null),
    };
  }
  const named = c.render ? undefined : choiceNamer(c.filter, t);
  return {
    ...(named ? { valueFormatter: (p: { value: unknown }) => named(p.value) } : {}),
    ...(c.value ? { valueGetter: (p: Cell<RowOf<R>>) => (p.data ? c.value?.(p.data) : undefined) } : {}),
    ...(c.render ? { cellRenderer: (p: Cell<RowOf<R>>) => (p.data ? c.render?.(p.data) : null) } : {}),
  };
}

/** A key column's least width at phone width. */
export const NARROW_MIN_WIDTH = 80;
/** The weight of a key column without a width of its own. */
const DEFAULT_WEIGHT = 150;

/**
 * At phone width the key columns share the grid's width in proportion to their desktop widths (a status chip
 * wants more room than a quantity), filling it: the row icons come after them, a sideways scroll away.
 */
export function narrowWidths(
  columns: readonly { field: string; width?: number }[],
  visible: readonly string[],
  width: number,
) {
  const weight = (c: { width?: number }) => c.width ?? DEFAULT_WEIGHT;
  const shown = columns.filter((c) => visible.includes(c.field));
  const total = shown.reduce((sum, c) => sum + weight(c), 0);
  return new Map(
    shown.map((c) => [c.field, Math.max(NARROW_MIN_WIDTH, Math.floor((width * weight(c)) / total))] as const),
  );
}

/** The row icons' column, fixed: first, or last at phone width, after the key columns. */
function actionsColumn<T>(rowActions: (row: T) => ReactNode, width: number): ColDef {
  return {
    colId: 'actions',
    headerName: '',
    width,
    minWidth: width,
    flex: 0,
    sortable: false,
    filter: false,
    resizable: false,
    suppressMovable: true,
    cellRenderer: (p: Cell<T>) => (p.data ? rowActions(p.data) : null),
  };
}

export interface ColumnDefsInput<R extends ListRoute> {
  columns: readonly GridColumn<R>[];
  spec: ListSpec;
  visible: readonly string[];
  rowActions?: (row: RowOf<R>) => ReactNode;
  actionsWidth: number;
  t: TFunction;
  /**
   * Phone width, and the grid's width in pixels: `visible` holds the key columns only (narrowFields), which share
   * that width, the row icons after them.
   */
  narrow?: { width: number };
  /** The grid shows every owner's rows (the superadmin naming none): a list sorted by owner offers its key's sort. */
  everyOwner?: boolean;
}

export function columnDefsOf<R extends ListRoute>(input: ColumnDefsInput<R>): ColDef[] {
  const { columns, spec, visible, rowActions, actionsWidth, t, narrow, everyOwner } = input;
  const actions = rowActions ? [actionsColumn(rowActions, actionsWidth)] : [];
  const shares = narrow && narrowWidths(columns, visible, narrow.width);
  const defs = columns.map((c): ColDef => {
    const abilities = columnAbilities(c, spec, everyOwner);
    const share = shares ? (shares.get(c.field) ?? NARROW_MIN_WIDTH) : undefined;
    const width = share
      ? { width: share, minWidth: NARROW_MIN_WIDTH, flex: 0 }
      : c.width
        ? { width: c.width, flex: 0 }
        : {};
    return {
      colId: c.field,
      field: c.field,
      headerName: t(c.header),
      hide: !visible.includes(c.field),
      sortable: abilities.sortable,
      ...filterOf(abilities.filter),
      ...width,
      ...cellsOf(c, t),
    };
  });
  return narrow ? [...defs, ...actions] : [...actions, ...defs];
}
