/**
 * THE grid of every list: AG Grid's infinite row model over a paged list route of the table. One block is one
 * API page; sort and column filters are the server's (list-query.ts), offered only where the route's list spec
 * allows them (grid-column.ts); a search box (filter[search], prefilled from ?search_filter=), initial column
 * filters from ?grid_filters= (a serialized filter query), a page-size menu, the column menu backed by the
 * user's preference, and a CSV export of the current filters and visible columns over an optional date range.
 * The grid is remounted when the language or the page size changes, keeping its filters and sort.
 */

import { type Condition, DEFAULT_PAGE_SIZE, type SortKey } from '@cellar/shared/filter/query';
import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import { Loader, Stack } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useViewportSize } from '@mantine/hooks';
import type { GridApi, GridState, RowStyle } from 'ag-grid-community';
import { type ReactNode, type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { columnDefsOf } from './column-defs';
import { ExportDialog } from './export-dialog';
import { filterableColumns, type GridColumn, type ListRoute, type RouteCondition, type RowOf } from './grid-column';
import { useGridExport } from './grid-export';
import { GridToolbar } from './grid-toolbar';
import { InfiniteGrid } from './infinite-grid';
import { filterModelOf, parseGridFilters } from './list-query';
import { useColumnLayout } from './use-column-layout';
import { useListDatasource } from './use-list-datasource';

const SEARCH_DEBOUNCE_MS = 500;

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
  /** Buttons at the right of the toolbar (add, import…). */
  actions?: ReactNode;
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
  const { height: viewportHeight } = useViewportSize();
  const apiRef = useRef<GridApi | null>(null);
  const stateRef = useRef<GridState>({ filter: { filterModel: linkFilters.model } });
  const gridExport = useGridExport();
  const [exportOpened, exportDialog] = useDisclosure(false);
  const layout = useColumnLayout(slug, columns);

  useImperativeHandle(props.ref, () => ({ refresh: () => apiRef.current?.refreshInfiniteCache() }), []);

  const { datasource, lastQuery } = useListDatasource({
    route,
    columns,
    fixedFilters: [...fixedFilters, ...otherLinkFilters],
    search: debouncedSearch,
    defaultSort,
    include,
    pageSize,
  });

  const actionsWidth = props.rowActionsWidth ?? 60;
  const columnDefs = useMemo(
    () => columnDefsOf({ columns, spec: route.list, visible: layout.visible, rowActions, actionsWidth, t }),
    [columns, route.list, layout.visible, rowActions, actionsWidth, t],
  );

  const height = Math.max(300, Math.round((viewportHeight || window.innerHeight) / 1.4));

  return (
    <Stack gap="sm">
      <GridToolbar
        search={search}
        onSearch={setSearch}
        filters={props.filters}
        linkFilters={otherLinkFilters}
        onRemoveLinkFilter={(c) => setOtherLinkFilters((list) => list.filter((x) => x !== c))}
        pageSize={pageSize}
        onPageSize={setPageSize}
        columns={columns.map((c) => ({ field: c.field, label: t(c.header) }))}
        layout={layout}
        exporting={gridExport.exporting}
        canExport={layout.visibleInOrder.length > 0}
        onExport={exportDialog.open}
        actions={props.actions}
      />
      <div style={{ height }} data-testid="data-grid">
        {layout.loading ? (
          <Loader m="md" aria-label={t('grid.loading')} />
        ) : (
          <InfiniteGrid
            key={`${i18n.language}-${pageSize}`}
            datasource={datasource}
            columnDefs={columnDefs}
            pageSize={pageSize}
            rowStyle={rowStyle}
            state={stateRef}
            api={apiRef}
          />
        )}
      </div>
      <ExportDialog
        opened={exportOpened}
        onClose={exportDialog.close}
        onExport={(range) => {
          if (!lastQuery.current) return;
          gridExport.start({
            endpoint: route.path,
            query: lastQuery.current.query,
            columns: layout.visibleInOrder,
            rows: lastQuery.current.total,
            range,
          });
        }}
      />
    </Stack>
  );
}
