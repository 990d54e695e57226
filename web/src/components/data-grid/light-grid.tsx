/**
 * A list's page drawn as a plain table, without AG Grid: what a phone shows when a list opens. AG Grid's creation
 * is a long task a phone feels (about 300 ms of its main thread, at a phone's speed), for what a phone mostly does
 * with a list: read a page, page on, search, sort, open a row. Those the table does itself, from the same source of
 * pages as the grid (useListDatasource), with the shell's pager, search, chips and page size. A column's filter is
 * AG Grid's: asking for one hands the list to the grid (`onFilter`), which opens with the same sort and filters and
 * stays for the page's life.
 */
import { getPath } from '@cellar/shared/common/path';
import type { ListSpec } from '@cellar/shared/filter/query';
import { ActionIcon, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconFilter } from '@tabler/icons-react';
import type { RowStyle } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipList } from '../ui/chip-list';
import { choiceNamer, MAX_CHIPS, NARROW_MIN_WIDTH, narrowWidths } from './column-defs';
import { columnAbilities, type GridColumn, type ListRoute, type RowOf } from './grid-column';
import { GRID_HEADER_HEIGHT } from './grid-states';
import type { ColumnFilterModel, SortModelItem } from './list-query';

export interface LightGridProps<R extends ListRoute> {
  /** The columns shown, in order (a phone's key columns). */
  columns: readonly GridColumn<R>[];
  /**
   * The width the columns share (the box's), as AG Grid's narrow layout shares it (column-defs.tsx): the key
   * columns fill it, the row icons come after them, a sideways scroll away.
   */
  width: number;
  actionsWidth: number;
  spec: ListSpec;
  everyOwner: boolean;
  /** The page's rows; null until the first page is in (the grid's placeholder covers the table meanwhile). */
  rows: readonly RowOf<R>[] | null;
  /** A page is being read: the rows shown are the previous page's. */
  loading: boolean;
  sortModel: readonly SortModelItem[];
  onSort: (model: SortModelItem[]) => void;
  filterModel: Record<string, ColumnFilterModel>;
  /** A column's filter asked for: AG Grid takes the list over and opens it. */
  onFilter: (colId: string) => void;
  rowActions?: (row: RowOf<R>) => ReactNode;
  rowStyle?: (row: RowOf<R>) => RowStyle | undefined;
  rowClass?: (row: RowOf<R>) => string | undefined;
}

/**
 * How a column draws a row's cell, as the grid draws it (the field read at its dotted path, as a filter reads it),
 * for this table (the grid's own are column-defs.tsx's). Made once per column: its choices' names are looked up once.
 */
export function cellOf<R extends ListRoute>(c: GridColumn<R>, t: TFunction): (row: RowOf<R>) => ReactNode {
  const { chips, render, value } = c;
  if (chips) return (row) => <ChipList labels={chips(row)} max={MAX_CHIPS} />;
  if (render) return render;
  const named = choiceNamer(c.filter, t);
  return (row) => {
    const v = value ? value(row) : getPath(row, c.field);
    return named ? named(v) : v == null ? '' : String(v);
  };
}

/** AG Grid's order of a header's sorts, from none: ascending, descending, none. */
export function nextSort(current: readonly SortModelItem[], colId: string): SortModelItem[] {
  const sort = current.find((s) => s.colId === colId)?.sort;
  if (!sort) return [{ colId, sort: 'asc' }];
  return sort === 'asc' ? [{ colId, sort: 'desc' }] : [];
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const rowKey = (row: unknown, index: number) => {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
};

export function LightGrid<R extends ListRoute>(props: LightGridProps<R>) {
  const { columns, spec, everyOwner, rows, sortModel, filterModel, rowActions } = props;
  const { t } = useTranslation();
  const widths = narrowWidths(
    columns,
    columns.map((c) => c.field),
    props.width,
  );
  const widthOf = (c: GridColumn<R>) => widths.get(c.field) ?? NARROW_MIN_WIDTH;
  // One drawer per column, for every row of the page.
  const cells = columns.map((c) => ({ column: c, draw: cellOf(c, t) }));
  const tableWidth = columns.reduce((sum, c) => sum + widthOf(c), 0) + (rowActions ? props.actionsWidth : 0);
  return (
    <Table.ScrollContainer
      minWidth={0}
      h="100%"
      type="native"
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    >
      <Table
        stickyHeader
        highlightOnHover
        fz="sm"
        verticalSpacing={6}
        horizontalSpacing={8}
        w={tableWidth}
        style={{ tableLayout: 'fixed' }}
        aria-label={t('grid.rows_label')}
        aria-busy={props.loading}
      >
        <colgroup>
          {columns.map((c) => (
            <col key={c.field} width={widthOf(c)} />
          ))}
          {rowActions && <col width={props.actionsWidth} />}
        </colgroup>
        <Table.Thead>
          <Table.Tr h={GRID_HEADER_HEIGHT}>
            {columns.map((c) => {
              const abilities = columnAbilities(c, spec, everyOwner);
              const sort = sortModel.find((s) => s.colId === c.field)?.sort;
              const label = t(c.header);
              const SortIcon = sort === 'asc' ? IconArrowUp : sort === 'desc' ? IconArrowDown : IconArrowsSort;
              return (
                <Table.Th
                  key={c.field}
                  scope="col"
                  data-col-id={c.field}
                  aria-sort={sort ? ARIA_SORT[sort] : undefined}
                >
                  <Group gap={2} wrap="nowrap" justify="space-between">
                    {abilities.sortable ? (
                      <UnstyledButton
                        fz="sm"
                        fw={600}
                        onClick={() => props.onSort(nextSort(sortModel, c.field))}
                        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                      >
                        {label}
                        <SortIcon size={14} aria-hidden opacity={sort ? 1 : 0.4} />
                      </UnstyledButton>
                    ) : (
                      <Text span fz="sm" fw={600}>
                        {label}
                      </Text>
                    )}
                    {abilities.filter !== null && (
                      <ActionIcon
                        variant={filterModel[c.field] ? 'light' : 'subtle'}
                        color={filterModel[c.field] ? 'wine' : 'gray'}
                        size="sm"
                        aria-label={t('grid.filter_column', { column: label })}
                        aria-pressed={filterModel[c.field] !== undefined}
                        onClick={() => props.onFilter(c.field)}
                      >
                        <IconFilter size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Th>
              );
            })}
            {rowActions && (
              <Table.Th data-col-id="actions">
                <VisuallyHidden>{t('grid.row_actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={props.loading ? { opacity: 0.6 } : undefined}>
          {rows?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + (rowActions ? 1 : 0)} ta="center" c="dimmed">
                {t('grid.empty')}
              </Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row, index) => (
            <Table.Tr key={rowKey(row, index)} className={props.rowClass?.(row)} style={props.rowStyle?.(row)}>
              {cells.map(({ column, draw }) => (
                <Table.Td key={column.field} data-col-id={column.field} style={{ overflowWrap: 'anywhere' }}>
                  {draw(row)}
                </Table.Td>
              ))}
              {rowActions && (
                <Table.Td data-col-id="actions" style={{ whiteSpace: 'nowrap' }}>
                  {rowActions(row)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
