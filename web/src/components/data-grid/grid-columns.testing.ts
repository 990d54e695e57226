/** Test support: a grid's columns against what its list route accepts, so that no sort or filter is a 422. */
import type { ListSpec } from '@cellar/shared/filter/query';
import type { DataGridColumn } from './data-grid';

/** 'sort x' / 'filter y' for every column the route would refuse. */
export function unsupportedColumns<T>(columns: readonly DataGridColumn<T>[], list: ListSpec): string[] {
  return columns.flatMap((c) => {
    const filterField = c.filterField ?? c.field;
    return [
      ...(c.sortable !== false && !list.sorts.includes(c.field) ? [`sort ${c.field}`] : []),
      ...(c.filter !== false && !list.filters.includes(filterField) ? [`filter ${filterField}`] : []),
    ];
  });
}
