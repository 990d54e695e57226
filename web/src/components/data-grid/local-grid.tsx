/**
 * A grid over rows already in the browser (AG Grid's client-side row model): the statistics pivot and the carrier
 * matrix, whose rows and columns are computed here rather than paged by the server. Paged lists use DataGrid.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  type ColGroupDef,
  type GetRowIdFunc,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  TextFilterModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { keyboardOptions, suppressKeyboardEvent, useGridKeyboard } from './grid-keyboard';
import { gridTheme, useGridLocaleText } from './grid-theme';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CellStyleModule,
  TextFilterModule,
  NumberFilterModule,
  PinnedRowModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

interface LocalGridProps<T> {
  rows: T[];
  columns: (ColDef<T> | ColGroupDef<T>)[];
  getRowId: GetRowIdFunc<T>;
  /** Rows kept at the bottom (totals). */
  pinnedBottomRows?: T[];
  /** A CSS length (GRID_HEIGHT) or pixels. */
  height: number | string;
  testId?: string;
}

export function LocalGrid<T>({ rows, columns, getRowId, pinnedBottomRows, height, testId }: LocalGridProps<T>) {
  const { i18n } = useTranslation();
  const localeText = useGridLocaleText();
  const keyboard = useGridKeyboard();
  return (
    <div ref={keyboard} style={{ height }} data-testid={testId}>
      <AgGridReact<T>
        key={i18n.language}
        theme={gridTheme}
        localeText={localeText}
        rowData={rows}
        columnDefs={columns}
        getRowId={getRowId}
        pinnedBottomRowData={pinnedBottomRows}
        defaultColDef={{ minWidth: 80, resizable: true, sortable: true, suppressKeyboardEvent }}
        rowHeight={30}
        {...keyboardOptions}
      />
    </div>
  );
}
