/**
 * THE grid of every list: AG Grid's infinite row model over a paged list endpoint of the route table.
 * One block is one API page; sort and column filters are the server's (see list-query.ts); a search box
 * (filter[search], prefilled from ?search_filter=), initial column filters from ?grid_filters= (a serialized
 * filter query), a page-size menu, the column menu backed by the user's preference, and a CSV export of the
 * current filters and visible columns over an optional date range. The grid is remounted when the language or
 * the page size changes, keeping its filters and sort.
 */

import type { Paged } from '@cellar/shared/common/schemas';
import {
  type Condition,
  DEFAULT_PAGE_SIZE,
  type ListQuery,
  PAGE_SIZES,
  type SortKey,
} from '@cellar/shared/filter/query';
import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import { Badge, Button, CloseButton, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useViewportSize } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
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
import { type ReactNode, type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { ChipList } from '../ui/chip-list';
import { type Choice, ChoiceFilter } from './choice-filter';
import { ColumnMenu } from './column-menu';
import { ExportDialog } from './export-dialog';
import { useGridExport } from './grid-export';
import { useGridPreference, useResetGridPreference, useSaveGridPreference } from './grid-preferences';
import { gridTheme, useGridLocaleText } from './grid-theme';
import {
  type ColumnFilterModel,
  DATE_FILTER_OPTIONS,
  type FilterKind,
  filterModelOf,
  gridQuery,
  NUMBER_FILTER_OPTIONS,
  pageOf,
  parseGridFilters,
  type SortModelItem,
  TEXT_FILTER_OPTIONS,
} from './list-query';

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
const SEARCH_DEBOUNCE_MS = 500;
const FILTER_DEBOUNCE_MS = 500;
/** Warehouses listed in a cell: 3 chips, then '+ n autres' (spec 3 §2). */
const MAX_CHIPS = 3;

/** 'dateRange' is a date filter offering the range only (from – to, end day included). */
export type GridColumnFilter = 'text' | 'number' | 'date' | 'dateRange' | { choices: Choice[] } | false;

export interface DataGridColumn<T> {
  /** The API field: sort key, filter field, export column and preference entry. */
  field: string;
  /** i18n key of the header. */
  header: string;
  filter?: GridColumnFilter;
  /** The field the filter applies to when it is not `field` (names shown, ids filtered). */
  filterField?: string;
  sortable?: boolean;
  /** Whether the CSV export can carry the column (default true). */
  exportable?: boolean;
  /** Hidden until the user shows it in the column menu. */
  hidden?: boolean;
  width?: number;
  value?: (row: T) => unknown;
  render?: (row: T) => ReactNode;
  /** Labels shown as chips (warehouses): 3, then '+ n autres'. */
  chips?: (row: T) => readonly string[];
}

export interface DataGridHandle {
  /** Reloads the rows in place (after an edit). */
  refresh: () => void;
}

export interface DataGridProps<T> {
  /** Preference slug of the column layout. */
  slug: PreferenceSlug;
  /** A paged list path of the route table, e.g. routes.contactList.path. */
  endpoint: string;
  columns: DataGridColumn<T>[];
  defaultSort?: SortKey[];
  /** Conditions always applied (the page's type, an outside filter). */
  fixedFilters?: Condition[];
  include?: string[];
  /** Icons of a row (edit…); an actions column appears when given. */
  rowActions?: (row: T) => ReactNode;
  /** Width of the actions column, for rows with several icons. */
  rowActionsWidth?: number;
  /** A row's own look (inactive users and companies are highlighted). */
  rowStyle?: (row: T) => RowStyle | undefined;
  /** Extra filters beside the search box. */
  filters?: ReactNode;
  /** Buttons at the right of the toolbar (add, import…). */
  actions?: ReactNode;
  ref?: Ref<DataGridHandle>;
}

function filterOf(filter: GridColumnFilter | undefined): Pick<ColDef, 'filter' | 'filterParams'> {
  if (filter === false) return { filter: false };
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
  if (filter && typeof filter === 'object') return { filter: ChoiceFilter, filterParams: { choices: filter.choices } };
  return {
    filter: 'agTextColumnFilter',
    filterParams: { filterOptions: TEXT_FILTER_OPTIONS, maxNumConditions: 1, debounceMs: FILTER_DEBOUNCE_MS },
  };
}

function kindOf(filter: GridColumnFilter | undefined): FilterKind | null {
  if (filter === false) return null;
  if (filter && typeof filter === 'object') return 'choice';
  return filter ?? 'text';
}

/** ?grid_filters= → the columns' initial filters, and the conditions no column shows (applied as they are). */
function initialFilters<T>(raw: string | null, columns: readonly DataGridColumn<T>[]) {
  return filterModelOf(
    parseGridFilters(raw),
    columns.map((c) => ({ colId: c.field, field: c.filterField ?? c.field, kind: kindOf(c.filter) })),
  );
}

export function DataGrid<T>(props: DataGridProps<T>) {
  const { slug, endpoint, columns, defaultSort = [], fixedFilters = [], include = [], rowActions, rowStyle } = props;
  const actionsWidth = props.rowActionsWidth ?? 60;
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search_filter') ?? '');
  const [linkFilters] = useState(() => initialFilters(searchParams.get('grid_filters'), columns));
  const [otherLinkFilters, setOtherLinkFilters] = useState<Condition[]>(linkFilters.rest);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const { height: viewportHeight } = useViewportSize();
  const apiRef = useRef<GridApi | null>(null);
  const stateRef = useRef<GridState>({ filter: { filterModel: linkFilters.model } });
  const lastQuery = useRef<{ query: ListQuery; total: number } | null>(null);
  const gridExport = useGridExport();
  const [exportOpened, exportDialog] = useDisclosure(false);

  useImperativeHandle(props.ref, () => ({ refresh: () => apiRef.current?.refreshInfiniteCache() }), []);

  // Column layout: the user's saved preference, else the columns' defaults; toggles apply at once.
  const preference = useGridPreference(slug);
  const savePreference = useSaveGridPreference(slug);
  const resetPreference = useResetGridPreference(slug);
  const [toggled, setToggled] = useState<string[] | null>(null);
  const visible = useMemo(() => {
    if (toggled) return toggled;
    const saved = preference.data?.columns.filter((f) => columns.some((c) => c.field === f));
    return saved?.length ? saved : columns.filter((c) => !c.hidden).map((c) => c.field);
  }, [toggled, preference.data, columns]);
  const visibleInOrder = columns.filter((c) => visible.includes(c.field)).map((c) => c.field);

  const toggleColumn = (field: string, shown: boolean) =>
    setToggled(shown ? [...visible, field] : visible.filter((f) => f !== field));

  // The rows: a new datasource (back to page 1) whenever what is asked changes.
  const allFixed = [...fixedFilters, ...otherLinkFilters];
  const filterFields = Object.fromEntries(columns.flatMap((c) => (c.filterField ? [[c.field, c.filterField]] : [])));
  const queryInput = JSON.stringify({ allFixed, search: debouncedSearch, include, defaultSort, filterFields });
  // biome-ignore lint/correctness/useExhaustiveDependencies: queryInput is the value-identity of those inputs.
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const query = gridQuery({
          fixedFilters: allFixed,
          search: debouncedSearch,
          filterModel: params.filterModel as Record<string, ColumnFilterModel>,
          sortModel: params.sortModel as SortModelItem[],
          defaultSort,
          include,
          filterFields,
        });
        const { api } = params;
        // A page answered after a remount (language, page size) belongs to a grid that is gone.
        const setOption: typeof api.setGridOption = (key, value) => {
          if (!api.isDestroyed()) api.setGridOption(key, value);
        };
        setOption('activeOverlay', undefined);
        setOption('loading', true);
        apiRequest<Paged<T>>(endpoint, { query: pageOf(query, params.startRow, pageSize) })
          .then(({ data, meta }) => {
            lastQuery.current = { query, total: meta.total };
            params.successCallback(data, meta.total);
            if (meta.total === 0) setOption('activeOverlay', 'agNoRowsOverlay');
          })
          .catch((error: unknown) => {
            console.error('Grid load failure', error);
            params.failCallback();
          })
          .finally(() => setOption('loading', false));
      },
    }),
    [endpoint, queryInput, pageSize],
  );

  const columnDefs = useMemo<ColDef[]>(
    () => [
      ...(rowActions
        ? [
            {
              colId: 'actions',
              headerName: '',
              width: actionsWidth,
              minWidth: actionsWidth,
              flex: 0,
              sortable: false,
              filter: false,
              resizable: false,
              suppressMovable: true,
              cellRenderer: (p: { data?: T }) => (p.data ? rowActions(p.data) : null),
            } satisfies ColDef,
          ]
        : []),
      ...columns.map(
        (c): ColDef => ({
          colId: c.field,
          field: c.field,
          headerName: t(c.header),
          hide: !visible.includes(c.field),
          sortable: c.sortable ?? true,
          ...filterOf(c.filter),
          ...(c.width ? { width: c.width, flex: 0 } : {}),
          ...(c.value ? { valueGetter: (p: { data?: T }) => (p.data ? c.value?.(p.data) : undefined) } : {}),
          ...(c.render ? { cellRenderer: (p: { data?: T }) => (p.data ? c.render?.(p.data) : null) } : {}),
          ...(c.chips
            ? {
                cellRenderer: (p: { data?: T }) =>
                  p.data ? <ChipList labels={c.chips?.(p.data) ?? []} max={MAX_CHIPS} /> : null,
              }
            : {}),
        }),
      ),
    ],
    [columns, rowActions, actionsWidth, visible, t],
  );

  const localeText = useGridLocaleText();

  const exportable = visibleInOrder.filter((f) => columns.find((c) => c.field === f)?.exportable !== false);

  const height = Math.max(300, Math.round((viewportHeight || window.innerHeight) / 1.4));

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <TextInput
            aria-label={t('grid.search')}
            placeholder={t('grid.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={260}
          />
          {props.filters}
          {otherLinkFilters.map((c) => (
            <Badge
              key={`${c.field}-${c.op}`}
              variant="light"
              color="gray"
              size="lg"
              tt="none"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('grid.remove_link_filter')}
                  onClick={() => setOtherLinkFilters((list) => list.filter((x) => x !== c))}
                />
              }
            >
              {`${c.field} ${c.op} ${c.values.join(', ')}`}
            </Badge>
          ))}
        </Group>
        <Group gap="sm">
          <Select
            aria-label={t('grid.page_size')}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: t('grid.per_page', { size: n }) }))}
            value={String(pageSize)}
            onChange={(v) => v && setPageSize(Number(v))}
            allowDeselect={false}
            w={150}
          />
          <ColumnMenu
            columns={columns.map((c) => ({ field: c.field, label: t(c.header) }))}
            visible={visible}
            onToggle={toggleColumn}
            saving={savePreference.isPending}
            onSave={() => savePreference.mutateAsync(visibleInOrder).then(() => setToggled(null))}
            onReset={() => resetPreference.mutateAsync().then(() => setToggled(null))}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={gridExport.exporting}
            disabled={!exportable.length}
            onClick={exportDialog.open}
          >
            {t('grid.export')}
          </Button>
          {props.actions}
        </Group>
      </Group>
      <div style={{ height }} data-testid="data-grid">
        {preference.isPending ? (
          <Loader m="md" aria-label={t('grid.loading')} />
        ) : (
          <AgGridReact
            key={`${i18n.language}-${pageSize}`}
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
            getRowStyle={rowStyle ? (p) => (p.data ? rowStyle(p.data) : undefined) : undefined}
            columnDefs={columnDefs}
            defaultColDef={{ flex: 1, minWidth: 90, resizable: true }}
            initialState={stateRef.current}
            onStateUpdated={(e) => {
              stateRef.current = { filter: e.state.filter, sort: e.state.sort };
            }}
            onGridReady={(e) => {
              apiRef.current = e.api;
            }}
            onGridPreDestroyed={() => {
              apiRef.current = null;
            }}
          />
        )}
      </div>
      <ExportDialog
        opened={exportOpened}
        onClose={exportDialog.close}
        onExport={(range) => {
          if (!lastQuery.current) return;
          gridExport.start({
            endpoint,
            query: lastQuery.current.query,
            columns: exportable,
            rows: lastQuery.current.total,
            range,
          });
        }}
      />
    </Stack>
  );
}
