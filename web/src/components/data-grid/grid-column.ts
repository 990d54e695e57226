/**
 * A grid's columns are declared against a list route of the table: rows are typed by the route's response, and
 * what a column offers (sorting, a filter) is read from the route's list spec, so a grid never offers what the
 * server would refuse with a 422, and follows when a spec narrows.
 */

import type { RouteDef } from '@cellar/shared/api/route';
import type { Paged } from '@cellar/shared/common/schemas';
import { type Condition, type ListSpec, sortsFor } from '@cellar/shared/filter/query';
import type { ReactNode } from 'react';
import type * as z from 'zod';
import type { Choice } from './choice-filter';
import type { FilterableColumn, FilterKind } from './list-query';

/** A paged list route: a list spec, and a response whose `data` holds the rows. */
export type ListRoute = RouteDef & { list: ListSpec; response: z.ZodType<Paged<unknown>> };

/** One row of a list route's answer. */
export type RowOf<R extends ListRoute> = z.output<R['response']> extends { data: (infer T)[] } ? T : never;

/** The fields a list route filters by. */
export type FilterField<R extends ListRoute> = R['list']['filters'][number];

/** A condition a list route accepts (the page's own filters). */
export type RouteCondition<R extends ListRoute> = Condition & { field: FilterField<R> };

/**
 * How a column filters when its route filters by its field: text (the default), number, date, a date range
 * (from – to, end day included) or a fixed list of choices.
 */
export type GridColumnFilter = 'text' | 'number' | 'date' | 'dateRange' | { choices: Choice[] };

/**
 * A list's columns show in the order they are declared, which is their order of importance: what names a row, where
 * it stands (its status) and its key figure first, so that they are on screen at desktop width without scrolling
 * sideways; details after.
 */
export interface GridColumn<R extends ListRoute> {
  /** The API field: sort key and filter field when the route allows them, export column and preference entry. */
  field: string;
  /** i18n key of the header. */
  header: string;
  filter?: GridColumnFilter;
  /** The field the filter applies to when it is not `field` (names shown, ids filtered). */
  filterField?: FilterField<R>;
  /** Hidden until the user shows it in the column menu. */
  hidden?: boolean;
  /**
   * Kept at phone width: the narrow layout is the list's key columns alone (what names a row, its status, its key
   * figure), sharing the screen's width.
   */
  narrow?: true;
  /**
   * Shown only: the list's export does not write it (an order's tracking links), so an export leaves it out of the
   * columns it asks for rather than have the server refuse them all.
   */
  exported?: false;
  width?: number;
  value?: (row: RowOf<R>) => unknown;
  render?: (row: RowOf<R>) => ReactNode;
  /** Labels shown as chips (warehouses): 3, then '+ n autres'. */
  chips?: (row: RowOf<R>) => readonly string[];
}

/** What the route lets a column do. */
export interface ColumnAbilities {
  sortable: boolean;
  /** The column's filter, or null when the route does not filter by its field. */
  filter: GridColumnFilter | null;
}

/**
 * `everyOwner`: the grid shows every owner's rows (the superadmin naming no owner), which a list whose indexes
 * hold one owner's rows sorts by its key alone (`sortsFor`).
 */
export function columnAbilities(
  column: Pick<GridColumn<ListRoute>, 'field' | 'filter' | 'filterField'>,
  spec: ListSpec,
  everyOwner = false,
) {
  const filterField = column.filterField ?? column.field;
  return {
    sortable: sortsFor(spec, everyOwner).includes(column.field),
    filter: spec.filters.includes(filterField) ? (column.filter ?? 'text') : null,
  } satisfies ColumnAbilities;
}

export const filterKindOf = (filter: GridColumnFilter | null): FilterKind | null =>
  filter && typeof filter === 'object' ? 'choice' : filter;

/** The columns as the link filters (?grid_filters=) see them: which field each filters, and how. */
export const filterableColumns = (columns: readonly GridColumn<ListRoute>[], spec: ListSpec): FilterableColumn[] =>
  columns.map((c) => ({
    colId: c.field,
    field: c.filterField ?? c.field,
    kind: filterKindOf(columnAbilities(c, spec).filter),
  }));

/** The visible columns an export asks for, in their order: those the list's export writes. */
export const exportedFields = (
  columns: readonly Pick<GridColumn<ListRoute>, 'field' | 'exported'>[],
  visible: readonly string[],
) => visible.filter((field) => columns.find((c) => c.field === field)?.exported !== false);

/**
 * The columns shown at phone width: the key columns (`narrow`) the user's layout shows, or all of them when the
 * layout hides every one (a layout saved at desktop width is not meant to empty a phone's grid).
 */
export function narrowFields(
  columns: readonly Pick<GridColumn<ListRoute>, 'field' | 'narrow'>[],
  visible: readonly string[],
) {
  const key = columns.filter((c) => c.narrow).map((c) => c.field);
  const shown = key.filter((field) => visible.includes(field));
  return shown.length ? shown : key;
}
