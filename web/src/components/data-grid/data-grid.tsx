/**
 * THE grid of every list: AG Grid's infinite row model over a paged list route of the table. One block is one
 * API page; sort and column filters are the server's (list-query.ts), offered only where the route's list spec
 * allows them (grid-column.ts); a search box (filter[search], prefilled from ?search_filter=), initial column
 * filters from ?grid_filters= (a serialized filter query), a page-size menu, the column menu backed by the
 * user's preference, and a CSV or XLSX export of the current filters and visible columns (those the export
 * writes) over an optional date range. Columns show in their declared order, which is their order of importance;
 * at phone width only the key columns (`narrow`) show, sharing the grid's width, the row icons after them.
 * The grid is remounted when the language or the page size changes, keeping its filters and sort.
 *
 * A list opened on a phone shows its pages in a plain table first (light-grid.tsx), from the same source: AG Grid
 * takes over, with the same sort and filters, when a column's filter is asked.
 */

import { isSuperadmin } from '@cellar/shared/access/roles';
import {
  type Condition,
  DEFAULT_PAGE_SIZE,
  type ExportFormat,
  namedOwner,
  type SortKey,
} from '@cellar/shared/filter/query';
import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import { Box, Loader, Stack } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { GridApi, GridState, RowStyle } from 'ag-grid-community';
import {
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBoxWidth } from '../../hooks/use-box-width';
import { usePrincipal } from '../../lib/auth';
import { recentRowOf } from '../../lib/recent-rows';
import { columnDefsOf } from './column-defs';
import {
  exportedFields,
  filterableColumns,
  type GridColumn,
  type ListRoute,
  narrowFields,
  type RouteCondition,
  type RowOf,
} from './grid-column';
import { useGridExport } from './grid-export';
import { type FilterChip, filterChips, GRID_HEADER_HEIGHT, GRID_HEIGHT, lastPageOf, PHONE_QUERY } from './grid-states';
import { FilterChips, GridLoadError, GridPager, GridPlaceholder } from './grid-status';
import { GridToolbar } from './grid-toolbar';
import type { InfiniteGridProps, RowSelection } from './infinite-grid';
import type { LightGridProps } from './light-grid';
import { type ColumnFilterModel, filterModelOf, parseGridFilters, type SortModelItem } from './list-query';
import { useColumnLayout } from './use-column-layout';
import { type PageAnswer, type PageAsk, useListDatasource } from './use-list-datasource';

/**
 * AG Grid (about 260 KB gzipped) is a chunk of its own: the page's title, toolbar and placeholder show before it
 * arrives (a list's loader starts fetching it, list-prefetch.ts).
 */
const InfiniteGrid = lazy(() => import('./infinite-grid').then((m) => ({ default: m.InfiniteGrid }))) as <T>(
  props: InfiniteGridProps<T>,
) => ReactNode;

/** The phone's table (light-grid.tsx), a small chunk of its own: a desktop never loads it, the list's loader starts
 * it on a phone instead of AG Grid's. */
const LightGrid = lazy(() => import('./light-grid').then((m) => ({ default: m.LightGrid }))) as <R extends ListRoute>(
  props: LightGridProps<R>,
) => ReactNode;

/** The export's date-range dialog (with its date picker), loaded when an export is first asked. */
const ExportDialog = lazy(() => import('./export-dialog').then((m) => ({ default: m.ExportDialog })));

const SEARCH_DEBOUNCE_MS = 500;
/** The grid's borders (2 px) and a vertical scrollbar (16 px), which the key columns leave free at phone width. */
const NARROW_RESERVE = 18;
/** The row just created or edited, when the user comes back to its list. */
const RECENT_ROW_CLASS = 'cellar-row-recent';
const RECENT_ROW_STYLE = { backgroundColor: 'var(--mantine-color-yellow-1)' };
const SEARCH_CHIP = 'search';
const rowKey = (row: unknown) => (row as { id?: unknown }).id;
const LINK_CHIP = 'link:';

export interface DataGridHandle {
  /** Reloads the rows in place (after an edit). */
  refresh: () => void;
}

export interface DataGridProps<R extends ListRoute> {
  /** A paged list route of the table, e.g. routes.contactList: it types the rows and says what can be asked. */
  route: R;
  /** Preference slug of the column layout. */
  slug: PreferenceSlug;
  columns: readonly GridColumn<R>[];
  defaultSort?: SortKey[];
  /** Conditions always applied (the page's type, an outside filter). */
  fixedFilters?: RouteCondition<R>[];
  include?: R['list']['includes'][number][];
  /** Icons of a row (edit…); an actions column appears when given. */
  rowActions?: (row: RowOf<R>) => ReactNode;
  /** Width of the actions column, for rows with several icons. */
  rowActionsWidth?: number;
  /** A row's own look (inactive users and companies are highlighted). */
  rowStyle?: (row: RowOf<R>) => RowStyle | undefined;
  /** Extra filters beside the search box. */
  filters?: ReactNode;
  /** The columns (fields) the list's search looks in: the search's chip names them, so a row found says why. */
  searchFields?: readonly string[];
  /** Buttons at the right of the toolbar (add, import…). */
  actions?: ReactNode;
  /** Rows a person may tick, and what becomes of the ticked ones (the orders' resend). */
  selection?: RowSelection<RowOf<R>>;
  /** The grid's width, toolbar included, when it is not the page's (spec 1 §9: company and shipping grids, 95%). */
  width?: '95%';
  ref?: Ref<DataGridHandle>;
}

export function DataGrid<R extends ListRoute>(props: DataGridProps<R>) {
  const { route, slug, columns, defaultSort = [], fixedFilters = [], include = [], rowActions, rowStyle } = props;
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search_filter') ?? '');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // ?grid_filters= → the columns' initial filters, and the conditions no column shows (applied as they are).
  const [linkFilters] = useState(() =>
    filterModelOf(parseGridFilters(searchParams.get('grid_filters')), filterableColumns(columns, route.list)),
  );
  const [otherLinkFilters, setOtherLinkFilters] = useState<Condition[]>(linkFilters.rest);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const apiRef = useRef<GridApi | null>(null);
  const stateRef = useRef<GridState>({ filter: { filterModel: linkFilters.model } });
  const gridExport = useGridExport();
  const [exportOpened, exportDialog] = useDisclosure(false);
  const [exportFormat, setExportFormat] = useState<ExportFormat>('csv');
  const layout = useColumnLayout(slug, columns);
  const exported = exportedFields(columns, layout.visibleInOrder);
  const [page, setPage] = useState(0);
  const [filterModel, setFilterModel] = useState<Record<string, ColumnFilterModel>>(linkFilters.model);
  const [recentId] = useState(() => recentRowOf(route.path));
  const onFilterModel = useCallback((model: Record<string, ColumnFilterModel>) => {
    setFilterModel((current) => (JSON.stringify(current) === JSON.stringify(model) ? current : model));
  }, []);

  const { datasource, loadPage, lastQuery, count, failure } = useListDatasource({
    route,
    columns,
    fixedFilters: [...fixedFilters, ...otherLinkFilters],
    search: debouncedSearch,
    defaultSort,
    include,
    pageSize,
  });

  // The superadmin naming no owner sees every owner's rows, which some lists sort by their key alone.
  const superadmin = isSuperadmin(usePrincipal());
  const everyOwner = superadmin && namedOwner([...fixedFilters, ...otherLinkFilters]) === undefined;
  const actionsWidth = props.rowActionsWidth ?? 60;
  // Read at once, not after a first render: the grid would mount with every column, then drop most of them.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const box = useBoxWidth();
  // What the key columns share: the grid's width but its borders and a vertical scrollbar's room.
  const narrowWidth = phone && columns.some((c) => c.narrow) ? Math.max(0, box.width - NARROW_RESERVE) : undefined;
  // At phone width the grid (either) mounts once the box is measured: AG Grid mounted before built its columns at
  // no width, then rebuilt them all (a long task on a phone); the light table drew its rows at no width, which moved
  // once the width came (a layout shift).
  const measured = narrowWidth === undefined || box.width > 0;
  const light = useLightPages({ phone, selection: props.selection !== undefined, loadPage, pageSize, filterModel });
  const columnDefs = useMemo(
    () =>
      columnDefsOf({
        columns,
        spec: route.list,
        visible: narrowWidth === undefined ? layout.visible : narrowFields(columns, layout.visible),
        rowActions,
        actionsWidth,
        t,
        narrow: narrowWidth === undefined ? undefined : { width: narrowWidth },
        everyOwner,
      }),
    [columns, route.list, layout.visible, rowActions, actionsWidth, t, narrowWidth, everyOwner],
  );

  const searchChipText = (searched: string) => {
    const names = (props.searchFields ?? [])
      .map((field) => columns.find((c) => c.field === field))
      .filter((c) => c !== undefined)
      .map((c) => t(c.header));
    return names.length
      ? t('grid.search_chip_in', { search: searched, columns: names.join(', ') })
      : t('grid.search_chip', { search: searched });
  };
  const chips: FilterChip[] = [
    ...(debouncedSearch ? [{ colId: SEARCH_CHIP, text: searchChipText(debouncedSearch) }] : []),
    ...filterChips(
      filterModel,
      columns.map((c) => ({
        field: c.field,
        label: t(c.header),
        choices: typeof c.filter === 'object' ? c.filter.choices : undefined,
      })),
      t,
      i18n.language,
    ),
    ...otherLinkFilters.map((c, i) => ({
      colId: `${LINK_CHIP}${i}`,
      text: `${c.field} ${c.op} ${c.values.join(', ')}`,
    })),
  ];
  const removeChip = (chip: FilterChip) => {
    if (chip.colId === SEARCH_CHIP) setSearch('');
    else if (chip.colId.startsWith(LINK_CHIP)) {
      const index = Number(chip.colId.slice(LINK_CHIP.length));
      setOtherLinkFilters((list) => list.filter((_, i) => i !== index));
    } else if (light.on) {
      setFilterModel(({ [chip.colId]: _, ...rest }) => rest);
    } else {
      const api = apiRef.current;
      void api?.setColumnFilterModel(chip.colId, null).then(() => api.onFilterChanged());
    }
  };
  const clearFilters = () => {
    setSearch('');
    setOtherLinkFilters([]);
    if (light.on) setFilterModel({});
    else apiRef.current?.setFilterModel(null);
  };
  const api = () => apiRef.current;
  const lastPage = count?.exact ? lastPageOf(count.total, pageSize) : null;
  const pagerMoves = light.on
    ? {
        first: () => light.goTo(0),
        previous: () => light.goTo(Math.max(0, light.page - 1)),
        next: () => light.goTo(light.page + 1),
        last: () => lastPage !== null && light.goTo(lastPage),
      }
    : {
        first: () => api()?.paginationGoToFirstPage(),
        previous: () => api()?.paginationGoToPreviousPage(),
        next: () => api()?.paginationGoToNextPage(),
        last: () => api()?.paginationGoToLastPage(),
      };
  // AG Grid takes the list over from the light table: it opens with the table's sort and filters, then the filter
  // asked for.
  const openFilter = useRef<string | null>(null);
  const takeOver = (colId: string) => {
    stateRef.current = { filter: { filterModel }, sort: { sortModel: light.sortModel } };
    openFilter.current = colId;
    light.handOver();
  };
  const onGridReady = useCallback((api: GridApi) => {
    const colId = openFilter.current;
    openFilter.current = null;
    // Once its header is drawn: the filter's popup is placed under the column's header.
    if (colId) requestAnimationFrame(() => api.showColumnFilter(colId));
  }, []);
  // The same functions from one render to the next: a new one is a change the grid redraws its rows for.
  const highlighted = useMemo(
    () =>
      recentId
        ? (row: RowOf<R>) => (rowKey(row) === recentId ? { ...rowStyle?.(row), ...RECENT_ROW_STYLE } : rowStyle?.(row))
        : rowStyle,
    [recentId, rowStyle],
  );
  const recentClass = useMemo(
    () => (recentId ? (row: RowOf<R>) => (rowKey(row) === recentId ? RECENT_ROW_CLASS : undefined) : undefined),
    [recentId],
  );
  // The toolbar's props keep their identity while the rows change (it is memoized).
  const menuColumns = useMemo(() => columns.map((c) => ({ field: c.field, label: t(c.header) })), [columns, t]);
  const openExportDialog = exportDialog.open;
  const onExport = useCallback(
    (format: ExportFormat) => {
      setExportFormat(format);
      openExportDialog();
    },
    [openExportDialog],
  );
  const refresh = () => (light.on ? light.reload() : apiRef.current?.refreshInfiniteCache());
  useImperativeHandle(props.ref, () => ({ refresh }));

  return (
    <Stack gap="sm" w={props.width}>
      <GridToolbar
        search={search}
        onSearch={setSearch}
        filters={props.filters}
        pageSize={pageSize}
        onPageSize={setPageSize}
        columns={menuColumns}
        layout={layout}
        exporting={gridExport.exporting}
        canExport={exported.length > 0}
        onExport={onExport}
        actions={props.actions}
      />
      <FilterChips chips={chips} onRemove={removeChip} onClear={clearFilters} />
      {failure && <GridLoadError failure={failure} onRetry={refresh} />}
      <Box ref={box.ref} pos="relative" style={{ height: GRID_HEIGHT }} data-testid="data-grid">
        {layout.loading ? (
          <Loader m="md" aria-label={t('grid.loading')} />
        ) : !measured ? null : light.on ? (
          <Suspense fallback={null}>
            <LightGrid
              columns={narrowFields(columns, layout.visible).flatMap((field) =>
                columns.filter((c) => c.field === field),
              )}
              width={narrowWidth ?? box.width}
              actionsWidth={actionsWidth}
              spec={route.list}
              everyOwner={everyOwner}
              rows={light.rows}
              loading={light.loading}
              sortModel={light.sortModel}
              onSort={light.sort}
              filterModel={filterModel}
              onFilter={takeOver}
              rowActions={rowActions}
              rowStyle={highlighted}
              rowClass={recentClass}
            />
          </Suspense>
        ) : (
          // The placeholder below covers the rows until the first page, AG Grid's chunk included.
          <Suspense fallback={null}>
            <InfiniteGrid
              key={`${i18n.language}-${pageSize}`}
              datasource={datasource}
              columnDefs={columnDefs}
              pageSize={pageSize}
              rowStyle={highlighted}
              rowClass={recentClass}
              state={stateRef}
              api={apiRef}
              onPage={setPage}
              onReady={onGridReady}
              selection={props.selection}
              onFilterModel={onFilterModel}
            />
          </Suspense>
        )}
        {!layout.loading && !count && !failure && (
          <Box pos="absolute" top={GRID_HEADER_HEIGHT} left={1} right={1} bg="var(--mantine-color-body)">
            <GridPlaceholder />
          </Box>
        )}
      </Box>
      <GridPager
        position={count && !failure ? { page: light.on ? light.page : page, pageSize, count } : null}
        moves={pagerMoves}
      />
      {exportOpened && (
        <Suspense>
          <ExportDialog
            opened={exportOpened}
            format={exportFormat}
            onClose={exportDialog.close}
            onExport={(range) => {
              if (!lastQuery.current) return;
              gridExport.start({
                endpoint: route.path,
                query: lastQuery.current.query,
                columns: exported,
                rows: lastQuery.current.total,
                range,
                format: exportFormat,
              });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

interface LightPagesInput<T> {
  phone: boolean;
  /** Rows are ticked in this list: AG Grid from the start. */
  selection: boolean;
  loadPage: (ask: PageAsk) => Promise<PageAnswer<T>>;
  pageSize: number;
  filterModel: Record<string, ColumnFilterModel>;
}

/**
 * The light table's pages (light-grid.tsx): on while the list, opened on a phone, has not been handed to AG Grid.
 * Its page goes back to the first when what is asked changes (the source, the sort, the filters), as AG Grid's does.
 */
function useLightPages<T>({ phone, selection, loadPage, pageSize, filterModel }: LightPagesInput<T>) {
  const [on, setOn] = useState(() => phone && !selection);
  const [sortModel, setSortModel] = useState<SortModelItem[]>([]);
  // What a page number is of: a new question (or page size) starts at its first page.
  const question = useMemo(
    () => ({ loadPage, sortModel, filterModel, pageSize }),
    [loadPage, sortModel, filterModel, pageSize],
  );
  const [asked, setAsked] = useState<{ of: unknown; page: number }>({ of: question, page: 0 });
  const page = asked.of === question ? asked.page : 0;
  const [rows, setRows] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reload asks the same page again.
  useEffect(() => {
    if (!on) return;
    let live = true;
    setLoading(true);
    const { sortModel: sorted, filterModel: filtered } = question;
    void question
      .loadPage({ startRow: page * question.pageSize, sortModel: sorted, filterModel: filtered })
      .then((answer) => {
        if (!live || answer.kind === 'superseded') return;
        // Drawn in slices that yield to the browser: a phone's input stays answered while the page's rows are built.
        startTransition(() => {
          setLoading(false);
          if (answer.kind === 'rows') setRows(answer.rows);
        });
      });
    return () => {
      live = false;
    };
  }, [on, question, page, reloads]);
  return {
    on,
    rows,
    loading,
    page,
    sortModel,
    sort: setSortModel,
    goTo: (to: number) => setAsked({ of: question, page: to }),
    reload: () => setReloads((n) => n + 1),
    handOver: () => setOn(false),
  };
}
