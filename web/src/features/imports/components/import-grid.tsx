/**
 * The rows of an import file, editable in place (spec 3 §2 "CSV import screen"): each cell coloured by its state
 * (valid, required, invalid, or unverified since an edit) with the reason as its tooltip, the row number first.
 * Enter or F2 edits a cell, Tab moves on, Escape cancels.
 */
import type { ImportColumn } from '@cellar/shared/imports/templates';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  LocaleModule,
  ModuleRegistry,
  RenderApiModule,
  TextEditorModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { gridTheme, useGridLocaleText } from '../../../components/data-grid/grid-theme';
import { cellState, type GridRow, rowReasons } from '../utils/import-rows';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  CellStyleModule,
  RenderApiModule,
  TextEditorModule,
  TooltipModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

/** The legend's colours, one per cell state. */
export const STATE_COLORS = {
  valid: '#e6f4ea',
  required: '#fff0d9',
  invalid: '#fde2e1',
  unverified: '#eceff3',
} as const;

interface ImportGridProps {
  columns: readonly ImportColumn[];
  rows: GridRow[];
  onEdit: (id: number, key: string, value: string) => void;
  height: number;
}

export function ImportGrid({ columns, rows, onEdit, height }: ImportGridProps) {
  const { t, i18n } = useTranslation();
  const localeText = useGridLocaleText();
  const columnDefs = useMemo<ColDef<GridRow>[]>(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    /** A column's title, as the header shows it (the reasons name their column by it). */
    const titleOf = (key: string) => {
      const label = byKey.get(key)?.label;
      return label ? label[i18n.language === 'en' ? 'en' : 'fr'] : t(`import.columns.${key}`);
    };
    return [
      {
        headerName: t('imports.row'),
        valueGetter: (p) => p.data?.id,
        width: 80,
        pinned: 'left',
        editable: false,
        cellStyle: (p) => ({ fontWeight: p.data?.check && !p.data.check.valid ? 700 : 400 }),
        tooltipValueGetter: (p) =>
          p.data?.check?.errors.map((e) => t(e.key, e.values as Record<string, unknown>)).join('\n') || undefined,
      },
      {
        colId: 'reasons',
        headerName: t('imports.reasons'),
        editable: false,
        width: 280,
        wrapText: false,
        valueGetter: (p) =>
          p.data
            ? rowReasons(p.data)
                .map((r) => {
                  const text = t(r.message.key, r.message.values);
                  return r.column ? `${titleOf(r.column)} : ${text}` : text;
                })
                .join(' · ')
            : '',
        tooltipValueGetter: (p) => (p.value ? String(p.value) : undefined),
        cellStyle: { color: 'var(--mantine-color-red-8)' },
      },
      ...columns.map(
        (c): ColDef<GridRow> => ({
          colId: c.key,
          headerName: `${titleOf(c.key)}${c.required ? ' *' : ''}`,
          headerTooltip: c.key,
          editable: true,
          minWidth: 110,
          valueGetter: (p) => p.data?.cells[c.key] ?? '',
          valueSetter: (p) => {
            if (p.data) onEdit(p.data.id, c.key, String(p.newValue ?? ''));
            return false;
          },
          cellStyle: (p) => (p.data ? { backgroundColor: STATE_COLORS[cellState(p.data, c.key).state] } : null),
          cellClass: (p) => (p.data ? `import-cell-${cellState(p.data, c.key).state}` : ''),
          tooltipValueGetter: (p) => {
            const m = p.data ? cellState(p.data, c.key).message : undefined;
            return m ? t(m.key, m.values as Record<string, unknown>) : undefined;
          },
        }),
      ),
    ];
  }, [columns, onEdit, t, i18n.language]);
  return (
    <div style={{ height }} data-testid="import-grid">
      <AgGridReact<GridRow>
        key={i18n.language}
        theme={gridTheme}
        localeText={localeText}
        rowData={rows}
        columnDefs={columnDefs}
        getRowId={(p) => String(p.data.id)}
        defaultColDef={{ resizable: true, sortable: false }}
        rowHeight={30}
        // Templates have at most a few dozen columns: all of them stay rendered, rows alone are virtualised.
        suppressColumnVirtualisation
        tooltipShowDelay={200}
        // A check changes cells' states, not their values: AG Grid restyles only the cells it is told to refresh.
        onRowDataUpdated={(e) => e.api.refreshCells({ force: true })}
        stopEditingWhenCellsLoseFocus
        singleClickEdit={false}
      />
    </div>
  );
}
