import type { Condition, ListQuery, SortKey } from '@cellar/shared/filter/query';
import type { IDatasource } from 'ag-grid-community';
import { type RefObject, useMemo, useRef } from 'react';
import { callRoute } from '../../lib/api-client';
import type { GridColumn, ListRoute } from './grid-column';
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

/**
 * The infinite row model's source: one block is one page of the list route. A new source (back to page 1) is
 * made whenever what is asked changes.
 */
export function useListDatasource<R extends ListRoute>(input: ListDatasourceInput<R>) {
  const { route, columns, fixedFilters, search, defaultSort, include, pageSize } = input;
  const lastQuery: LastQuery = useRef(null);
  const filterFields = Object.fromEntries(columns.flatMap((c) => (c.filterField ? [[c.field, c.filterField]] : [])));
  const queryInput = JSON.stringify({ fixedFilters, search, include, defaultSort, filterFields });

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryInput is the value-identity of those inputs.
  const datasource = useMemo<IDatasource>(() => {
    const cursors = new PageCursors();
    return {
      getRows: (params) => {
        const query = gridQuery({
          fixedFilters,
          search,
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
        const asked = pageOf(query, params.startRow, pageSize);
        callRoute(route, { query: cursors.withCursor(asked) })
          .then(({ data, meta }) => {
            cursors.remember(asked, meta.cursor);
            lastQuery.current = { query, total: meta.total };
            // A broad filter's total is only counted so far: the grid pages on until a page comes back short.
            params.successCallback(data, meta.has_more ? undefined : meta.total);
            if (meta.total === 0) setOption('activeOverlay', 'agNoRowsOverlay');
          })
          .catch((error: unknown) => {
            console.error('Grid load failure', error);
            params.failCallback();
          })
          .finally(() => setOption('loading', false));
      },
    };
  }, [route, queryInput, pageSize]);

  return { datasource, lastQuery };
}
