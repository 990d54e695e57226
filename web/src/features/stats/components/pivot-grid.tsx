/** The pivot as a grid: the row fields pinned left, a column per date, the row total pinned right, a total row. */
import type { ColDef } from 'ag-grid-community';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalGrid } from '../../../components/data-grid/local-grid';
import { formatDay } from '../../../lib/format';
import { pageLabel, typeLabel } from '../utils/page-names';
import type { DateGrouping, Pivot, PivotRow } from '../utils/pivot';
import { orderedFields, type RowField } from '../utils/pivot';

function columnLabel(key: string, grouping: DateGrouping, language: string) {
  if (grouping === 'day') return formatDay(key, language);
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric' }).format(dayjs(`${key}-01`).toDate());
}

/** A row's value of a field, worded: the page's title and the type's name rather than their codes. */
function fieldLabel(field: RowField, row: PivotRow | undefined, t: TFunction): string {
  const value = row?.fields[field] ?? '';
  if (field === 'pageName') return pageLabel(value, t);
  if (field === 'type') return typeLabel(value, t);
  return value;
}

interface PivotGridProps {
  pivot: Pivot;
  rowFields: RowField[];
  grouping: DateGrouping;
  height: number | string;
}

export function PivotGrid({ pivot, rowFields, grouping, height }: PivotGridProps) {
  const { t, i18n } = useTranslation();
  const fields = orderedFields(rowFields);

  const columns = useMemo<ColDef<PivotRow>[]>(
    () => [
      ...fields.map(
        (f, i): ColDef<PivotRow> => ({
          colId: f,
          headerName: t(`stats.fields.${f}`),
          pinned: 'left',
          width: 170,
          filter: 'agTextColumnFilter',
          valueGetter: (p) => (p.node?.rowPinned ? (i === 0 ? t('stats.total') : '') : fieldLabel(f, p.data, t)),
        }),
      ),
      ...(fields.length
        ? []
        : [{ colId: 'all', headerName: '', pinned: 'left' as const, width: 120, valueGetter: () => t('stats.total') }]),
      ...pivot.columns.map(
        (key): ColDef<PivotRow> => ({
          colId: `date:${key}`,
          headerName: columnLabel(key, grouping, i18n.language),
          type: 'numericColumn',
          width: 110,
          valueGetter: (p) => p.data?.cells[key] ?? null,
        }),
      ),
      {
        colId: 'total',
        headerName: t('stats.total'),
        pinned: 'right',
        type: 'numericColumn',
        width: 100,
        valueGetter: (p) => p.data?.total ?? 0,
        cellStyle: { fontWeight: 600 },
      },
    ],
    [fields, pivot.columns, grouping, i18n.language, t],
  );

  return (
    <LocalGrid<PivotRow>
      rows={pivot.rows}
      columns={columns}
      getRowId={(p) => p.data.id}
      pinnedBottomRows={pivot.rows.length ? [pivot.totals] : []}
      height={height}
      testId="stats-pivot"
    />
  );
}
