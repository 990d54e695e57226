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
import type { RefObject } from 'react';
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
  /** The column filters changed (the chips follow). */
  onFilterModel: (model: Record<string, ColumnFilterModel>) => void;
  /** Rows a person may tick (a checkbox on each), and what to do with the ticked ones. */
  selection?: RowSelection<T>;
}

export interface RowSelection<T> {
  selectable: (row: T) => boolean;
  onChange: (rows: T[]) => void;
}

export function InfiniteGrid<T>(props: InfiniteGridProps<T>) {
  const { datasource, columnDefs, pageSize, rowStyle, rowClass, state, api, onPage, onFilterModel, selection } = props;
  const localeText = useGridLocaleText();
  const keyboard = useGridKeyboard();
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
        onPaginationChanged={(e) => onPage(e.api.paginationGetCurrentPage())}
        maxBlocksInCache={10}
        rowHeight={ROW_HEIGHT}
        // Lists have about twenty columns at most: every cell of the rendered rows stays in the page (find in
        // page, screen readers), not only those scrolled into view.
        suppressColumnVirtualisation
        // Each sort is served by one index: lists sort by one column.
        suppressMultiSort
        getRowStyle={rowStyle ? (p) => (p.data ? rowStyle(p.data) : undefined) : undefined}
        getRowClass={rowClass ? (p) => (p.data ? rowClass(p.data) : undefined) : undefined}
        columnDefs={columnDefs}
        rowSelection={
          selection && {
            mode: 'multiRow',
            // The infinite model cannot tick rows it has not loaded: no select-all.
            headerCheckbox: false,
            // A row that cannot be ticked shows no box.
            hideDisabledCheckboxes: true,
            isRowSelectable: (node) => node.data !== undefined && selection.selectable(node.data as T),
          }
        }
        onSelectionChanged={selection ? (e) => selection.onChange(e.api.getSelectedRows() as T[]) : undefined}
        defaultColDef={{ flex: 1, minWidth: 90, resizable: true, suppressKeyboardEvent }}
        initialState={state.current}
        onStateUpdated={(e) => {
          state.current = { filter: e.state.filter, sort: e.state.sort };
          onFilterModel((e.state.filter?.filterModel ?? {}) as Record<string, ColumnFilterModel>);
        }}
        onGridReady={(e) => {
          api.current = e.api;
        }}
        onGridPreDestroyed={() => {
          api.current = null;
        }}
        {...keyboardOptions}
      />
    </div>
  );
}
