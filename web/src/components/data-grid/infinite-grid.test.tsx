import type { ColDef, GridState, IDatasource } from 'ag-grid-community';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { show } from '../../testing/dom';

/** What AG Grid was handed at each render: the grid itself is replaced by a recorder. */
const handed: Record<string, unknown>[] = [];
vi.mock('ag-grid-react', () => ({
  AgGridReact: (props: Record<string, unknown>) => {
    handed.push(props);
    return null;
  },
}));

const { InfiniteGrid } = await import('./infinite-grid');

const datasource: IDatasource = { getRows: () => {} };
const columnDefs: ColDef[] = [{ colId: 'code', field: 'code' }];
const rowStyle = () => undefined;
const selection = { selectable: () => true, onChange: () => {} };
const state = { current: {} as GridState };
const api = { current: null };

/** A list page: each of its renders passes new callbacks, as a page's inline arrows do. */
let renderPage: () => void = () => {};
const pages: number[] = [];
function Page() {
  const [renders, setRenders] = useState(0);
  renderPage = () => setRenders((n) => n + 1);
  return (
    <InfiniteGrid
      datasource={datasource}
      columnDefs={columnDefs}
      pageSize={20}
      rowStyle={rowStyle}
      rowClass={rowStyle}
      state={state}
      api={api}
      onPage={(page) => pages.push(renders * 100 + page)}
      onFilterModel={() => {}}
      selection={selection}
    />
  );
}

describe('Component: InfiniteGrid', () => {
  it('hands AG Grid the same options when its page re-renders with new callbacks', async () => {
    // Arrange
    handed.length = 0;
    await show(<Page />);
    const first = handed.at(-1) as Record<string, unknown>;

    // Act: the page renders again.
    await act(async () => renderPage());

    // Assess: the grid rendered again, and every option it handed AG Grid is the same object as before (a new
    // defaultColDef, columnDefs or row callback makes AG Grid rebuild its columns or redraw its rows).
    expect(handed.length).toBeGreaterThan(1);
    const second = handed.at(-1) as Record<string, unknown>;
    const changed = Object.keys(second).filter((name) => !Object.is(second[name], first[name]));
    expect(changed).toEqual([]);
    // The grid's page callback calls the page's newest one.
    (second.onPaginationChanged as (e: unknown) => void)({ api: { paginationGetCurrentPage: () => 3 } });
    expect(pages).toEqual([103]);
  });
});
