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

/**
 * The columns whose title differs from the one their list's export writes (a column the export writes under
 * another field, the warehouse's name as its code, is compared with that field's); a column shown only
 * (`exported: false`) has none to compare.
 */
export async function exportTitleMismatches<R extends ListRoute>(
  columns: readonly GridColumn<R>[],
  spec: ListSpec,
): Promise<string[]> {
  const defs = (await spec.columnDefs?.()) ?? {};
  const aliases: Readonly<Record<string, readonly string[]>> = {
    'warehouse.name': ['warehouse.code'],
    ...spec.columnAliases,
  };
  return columns.flatMap((c) => {
    if (c.exported === false) return [];
    const written = (aliases[c.field] ?? [c.field]).map((field) => defs[field]?.header);
    return written.every((header) => header === c.header) ? [] : [c.field];
  });
}
