/**
 * AG Grid as every paged list uses it: the infinite row model (one block is one API page), pagination, the theme
 * and locale, and the filter and sort state kept across remounts. Only the modules these need are registered.
 */
import {
  type ColDef,
  CustomFilterModule,
  DateFilterModule,
  type GridApi,
  type GridState,
  GridStateModule,
  type IDatasource,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PaginationModule,
  RowSelectionModule,
  type RowStyle,
  RowStyleModule,
  TextFilterModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { memo, type ReactNode, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { CHOICE_FILTER } from './choice-filter';
import { ChoiceFilter } from './choice-filter-panel';
import { keyboardOptions, suppressKeyboardEvent, useGridKeyboard } from './grid-keyboard';
import { gridTheme, useGridLocaleText } from './grid-theme';
import type { ColumnFilterModel } from './list-query';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  RowStyleModule,
  RowSelectionModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule,
  GridStateModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

const ROW_HEIGHT = 30;
/** The custom filters columns name (column-defs.tsx). */
const GRID_COMPONENTS = { [CHOICE_FILTER]: ChoiceFilter };
/** Every column's defaults: one object for the grid's life (a new one would make AG Grid rebuild its columns). */
const DEFAULT_COL_DEF: ColDef = { flex: 1, minWidth: 90, resizable: true, suppressKeyboardEvent };

export interface InfiniteGridProps<T> {
  datasource: IDatasource;
  columnDefs: ColDef[];
  pageSize: number;
  rowStyle?: (row: T) => RowStyle | undefined;
  /** Filters and sort, read at mount and kept up to date, so that a remount (language, page size) keeps them. */
  state: RefObject<GridState>;
  /** The mounted grid's API, null once it is gone. */
  api: RefObject<GridApi | null>;
  /** A row's class (the row just saved). */
  rowClass?: (row: T) => string | undefined;
  /** The page shown changed (the grid's own pager is replaced by the shell's). */
  onPage: (page: number) => void;
  /** The grid is ready (its API usable). */
  onReady?: (api: GridApi) => void;
  /** The column filters changed (the chips follow). */
  onFilterModel: (model: Record<string, ColumnFilterModel>) => void;
  /** Rows a person may tick (a checkbox on each), and what to do with the ticked ones. */
  selection?: RowSelection<T>;
}

export interface RowSelection<T> {
  selectable: (row: T) => boolean;
  onChange: (rows: T[]) => void;
}

/**
 * The grid re-renders only when what it shows changes: each option AG Grid is handed is the same object from one
 * render to the next unless its inputs change. A new `defaultColDef`, `columnDefs` or row-style callback makes AG
 * Grid rebuild its columns or redraw its rows, a long task on a phone (the list's total blocking time).
 */
export const InfiniteGrid = memo(function InfiniteGrid<T>(props: InfiniteGridProps<T>) {
  const { datasource, columnDefs, pageSize, rowStyle, rowClass, state, api, selection } = props;
  const localeText = useGridLocaleText();
  // Read once, at mount. Partial: the state sets the sort and filters it holds, not the columns' visibility and
  // widths, which the column definitions say (a sort in a full column state shows every hidden column again).
  const [initialState] = useState<GridState>(() => ({ ...state.current, partialColumnState: true }));
  const keyboard = useGridKeyboard();
  // The page's callbacks, read when the grid calls back: handing AG Grid a new function at each render is a change.
  const latest = useRef(props);
  latest.current = props;
  const onPaginationChanged = useCallback(
    (e: { api: GridApi }) => latest.current.onPage(e.api.paginationGetCurrentPage()),
    [],
  );
  const onStateUpdated = useCallback(
    (e: { state: GridState }) => {
      state.current = { filter: e.state.filter, sort: e.state.sort };
      latest.current.onFilterModel((e.state.filter?.filterModel ?? {}) as Record<string, ColumnFilterModel>);
    },
    [state],
  );
  const onGridReady = useCallback(
    (e: { api: GridApi }) => {
      api.current = e.api;
      latest.current.onReady?.(e.api);
    },
    [api],
  );
  const onGridPreDestroyed = useCallback(() => {
    api.current = null;
  }, [api]);
  const getRowStyle = useMemo(
    () => (rowStyle ? (p: { data?: T }) => (p.data ? rowStyle(p.data) : undefined) : undefined),
    [rowStyle],
  );
  const getRowClass = useMemo(
    () => (rowClass ? (p: { data?: T }) => (p.data ? rowClass(p.data) : undefined) : undefined),
    [rowClass],
  );
  const rowSelection = useMemo(
    () =>
      selection && {
        mode: 'multiRow' as const,
        // The infinite model cannot tick rows it has not loaded: no select-all.
        headerCheckbox: false,
        // A row that cannot be ticked shows no box.
        hideDisabledCheckboxes: true,
        isRowSelectable: (node: { data?: T }) => node.data !== undefined && selection.selectable(node.data),
      },
    [selection],
  );
  const onSelectionChanged = useMemo(
    () => (selection ? (e: { api: GridApi }) => selection.onChange(e.api.getSelectedRows() as T[]) : undefined),
    [selection],
  );
  return (
    <div ref={keyboard} style={{ height: '100%' }}>
      <AgGridReact
        theme={gridTheme}
        components={GRID_COMPONENTS}
        localeText={localeText}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={pageSize}
        paginationPageSize={pageSize}
        pagination
        suppressPaginationPanel
        paginationPageSizeSelector={false}
        onPaginationChanged={onPaginationChanged}
        maxBlocksInCache={10}
        rowHeight={ROW_HEIGHT}
        // Lists have about twenty columns at most: every cell of the rendered rows stays in the page (find in
        // page, screen readers), not only those scrolled into view.
        suppressColumnVirtualisation
        // Each sort is served by one index: lists sort by one column.
        suppressMultiSort
        getRowStyle={getRowStyle}
        getRowClass={getRowClass}
        columnDefs={columnDefs}
        rowSelection={rowSelection}
        onSelectionChanged={onSelectionChanged}
        defaultColDef={DEFAULT_COL_DEF}
        initialState={initialState}
        onStateUpdated={onStateUpdated}
        onGridReady={onGridReady}
        onGridPreDestroyed={onGridPreDestroyed}
        {...keyboardOptions}
      />
    </div>
  );
}) as <T>(props: InfiniteGridProps<T>) => ReactNode;
