import type { Condition, ListQuery, SortKey } from '@cellar/shared/filter/query';
import type { IDatasource } from 'ag-grid-community';
import { type RefObject, startTransition, useMemo, useRef, useState } from 'react';
import { callRoute } from '../../lib/api-client';
import type { GridColumn, ListRoute, RowOf } from './grid-column';
import type { RowCount } from './grid-states';
import { takePrefetchedPage } from './list-prefetch';
import { type ColumnFilterModel, gridQuery, PageCursors, pageOf, type SortModelItem } from './list-query';

export interface ListDatasourceInput<R extends ListRoute> {
  route: R;
  columns: readonly GridColumn<R>[];
  /** The page's own conditions and the link's conditions no column shows. */
  fixedFilters: readonly Condition[];
  search: string;
  defaultSort: readonly SortKey[];
  include: readonly string[];
  pageSize: number;
}

/** The last query answered and its total: what the CSV export writes. */
export type LastQuery = RefObject<{ query: ListQuery; total: number } | null>;

/** A page asked of the list: its first row, the column filters and the sort, as AG Grid's infinite model asks. */
export interface PageAsk {
  startRow: number;
  filterModel: Record<string, ColumnFilterModel>;
  sortModel: SortModelItem[];
}

/**
 * A page's rows and, once the list is known to end there, its last row; or a failure (said by the source, see
 * `failure`); or superseded by a newer question before its answer.
 */
export type PageAnswer<T> =
  | { kind: 'rows'; rows: T[]; lastRow: number | undefined }
  | { kind: 'failed' }
  | { kind: 'superseded' };

/** A page that could not be read: the grid says so in place, with a retry, instead of a blank grid and a toast. */
export interface LoadFailure {
  message: string;
}

/**
 * The infinite row model's source: one block is one page of the list route. A new source (back to page 1) is
 * made whenever what is asked changes. It also tells how many rows the list holds (exactly, or a floor while the
 * server counted only so far) and whether the last page asked failed. A request superseded before its answer (a
 * new search, filter or sort) is aborted; the first page the route's loader already asked is taken, not asked
 * again (list-prefetch.ts).
 */
export function useListDatasource<R extends ListRoute>(input: ListDatasourceInput<R>) {
  const { route, columns, fixedFilters, search, defaultSort, include, pageSize } = input;
  const lastQuery: LastQuery = useRef(null);
  // Each kept with the source it is about: a new source starts with neither.
  const [count, setCount] = useState<{ of: IDatasource; value: RowCount } | null>(null);
  const [failure, setFailure] = useState<{ of: IDatasource; value: LoadFailure } | null>(null);
  const filterFields = Object.fromEntries(columns.flatMap((c) => (c.filterField ? [[c.field, c.filterField]] : [])));
  const queryInput = JSON.stringify({ fixedFilters, search, include, defaultSort, filterFields });
  // The requests of the current source still unanswered: a new source aborts them.
  const abortPrevious = useRef<() => void>(() => undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryInput is the value-identity of those inputs.
  const { datasource, loadPage } = useMemo(() => {
    abortPrevious.current();
    const cursors = new PageCursors();
    // The unanswered requests of this source, and the query (without its page) they were asked for.
    const inFlight = new Set<AbortController>();
    let inFlightQuery = '';
    const abortAll = () => {
      for (const controller of inFlight) controller.abort();
      inFlight.clear();
    };
    abortPrevious.current = abortAll;
    const loadPage = (ask: PageAsk): Promise<PageAnswer<RowOf<R>>> => {
      const query = gridQuery({
        fixedFilters,
        search,
        filterModel: ask.filterModel,
        sortModel: ask.sortModel,
        defaultSort,
        include,
        filterFields,
      });
      // Another sort or column filter on the same source: the pages asked for the previous one are not needed.
      const queryKey = JSON.stringify(query);
      if (queryKey !== inFlightQuery) abortAll();
      inFlightQuery = queryKey;
      const asked = pageOf(query, ask.startRow, pageSize);
      const request = cursors.withCursor(asked);
      const prefetched = takePrefetchedPage(route, request);
      const controller = prefetched?.controller ?? new AbortController();
      inFlight.add(controller);
      return (prefetched?.answer ?? callRoute(route, { query: request, quiet: true, signal: controller.signal }))
        .then(({ data, meta }): PageAnswer<RowOf<R>> => {
          cursors.remember(asked, meta.cursor);
          lastQuery.current = { query, total: meta.total };
          // What the page's answer changes around the rows (the pager, a failure gone) is drawn in slices.
          startTransition(() => {
            setFailure(null);
            // A broad filter's total is only counted so far: the grid pages on until a page comes back short.
            setCount((known) => ({ of: source, value: countAfter(known?.of === source ? known.value : null, meta) }));
          });
          return { kind: 'rows', rows: data as RowOf<R>[], lastRow: meta.has_more ? undefined : meta.total };
        })
        .catch((error: unknown): PageAnswer<RowOf<R>> => {
          // Superseded: the grid has moved on to what replaced it.
          if (controller.signal.aborted) return { kind: 'superseded' };
          setFailure({ of: source, value: { message: error instanceof Error ? error.message : String(error) } });
          return { kind: 'failed' };
        })
        .finally(() => inFlight.delete(controller));
    };
    const source: IDatasource = {
      getRows: (params) => {
        const { api } = params;
        // A page answered after a remount (language, page size) belongs to a grid that is gone.
        const setOption: typeof api.setGridOption = (key, value) => {
          if (!api.isDestroyed()) api.setGridOption(key, value);
        };
        setOption('activeOverlay', undefined);
        setOption('loading', true);
        void loadPage({
          startRow: params.startRow,
          filterModel: params.filterModel as Record<string, ColumnFilterModel>,
          sortModel: params.sortModel as SortModelItem[],
        }).then((answer) => {
          if (answer.kind === 'superseded') return;
          setOption('loading', false);
          if (answer.kind === 'failed') return params.failCallback();
          params.successCallback(answer.rows, answer.lastRow);
          if (answer.lastRow === 0) setOption('activeOverlay', 'agNoRowsOverlay');
        });
      },
    };
    return { datasource: source, loadPage };
  }, [route, queryInput, pageSize]);

  return {
    datasource,
    /** One page of the same source, for the phone's light table (light-grid.tsx) before AG Grid takes over. */
    loadPage,
    lastQuery,
    count: count?.of === datasource ? count.value : null,
    failure: failure?.of === datasource ? failure.value : null,
  };
}

/** Once a page says where the list ends, the count is exact; until then the largest floor counted so far. */
export function countAfter(known: RowCount | null, meta: { total: number; has_more?: boolean }): RowCount {
  if (!meta.has_more) return { total: meta.total, exact: true };
  if (known?.exact) return known;
  return { total: Math.max(known?.total ?? 0, meta.total), exact: false };
}
