/** Test support: what a grid's columns ask of their list route. */
import type { ListSpec } from '@cellar/shared/filter/query';
import { columnAbilities, type GridColumn, type ListRoute } from './grid-column';

/**
 * The fields of the columns that declare a filter their route does not accept (the grid then offers none):
 * a filter the server lost, or one it does not serve yet.
 */
export function refusedFilters<R extends ListRoute>(columns: readonly GridColumn<R>[], spec: ListSpec): string[] {
  return columns.flatMap((c) =>
    c.filter !== undefined && columnAbilities(c, spec).filter === null ? [c.filterField ?? c.field] : [],
  );
}
