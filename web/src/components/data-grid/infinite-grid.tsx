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
  type RowStyle,
  RowStyleModule,
  TextFilterModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { RefObject } from 'react';
import { gridTheme, useGridLocaleText } from './grid-theme';

ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  PaginationModule,
  RowStyleModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule,
  GridStateModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

const ROW_HEIGHT = 30;

interface InfiniteGridProps<T> {
  datasource: IDatasource;
  columnDefs: ColDef[];
  pageSize: number;
  rowStyle?: (row: T) => RowStyle | undefined;
  /** Filters and sort, read at mount and kept up to date, so that a remount (language, page size) keeps them. */
  state: RefObject<GridState>;
  /** The mounted grid's API, null once it is gone. */
  api: RefObject<GridApi | null>;
}

export function InfiniteGrid<T>({ datasource, columnDefs, pageSize, rowStyle, state, api }: InfiniteGridProps<T>) {
  const localeText = useGridLocaleText();
  return (
    <AgGridReact
      theme={gridTheme}
      localeText={localeText}
      rowModelType="infinite"
      datasource={datasource}
      cacheBlockSize={pageSize}
      paginationPageSize={pageSize}
      pagination
      paginationPageSizeSelector={false}
      maxBlocksInCache={10}
      rowHeight={ROW_HEIGHT}
      // Lists have about twenty columns at most: every cell of the rendered rows stays in the page (find in
      // page, screen readers), not only those scrolled into view.
      suppressColumnVirtualisation
      // Each sort is served by one index: lists sort by one column.
      suppressMultiSort
      getRowStyle={rowStyle ? (p) => (p.data ? rowStyle(p.data) : undefined) : undefined}
      columnDefs={columnDefs}
      defaultColDef={{ flex: 1, minWidth: 90, resizable: true }}
      initialState={state.current}
      onStateUpdated={(e) => {
        state.current = { filter: e.state.filter, sort: e.state.sort };
      }}
      onGridReady={(e) => {
        api.current = e.api;
      }}
      onGridPreDestroyed={() => {
        api.current = null;
      }}
    />
  );
}
