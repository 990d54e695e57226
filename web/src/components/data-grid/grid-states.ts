/**
 * What the grid says about its state, worded: the pager (rows shown of how many, the page of how many, also when
 * the list only counted a floor: 'more than 220'), and each active filter as a chip. Pure, so that it is tested.
 */
import type { TFunction } from 'i18next';
import { dateTimeFormat, numberFormat } from '../../lib/format';
import { type Choice, tickedChoices } from './choice-filter';
import type { ColumnFilterModel } from './list-query';

/** How many rows the list holds: exactly `total`, or at least `total` when the server only counted so far. */
/** The theme's header height and border: a placeholder covers the rows, not the column titles. */
export const GRID_HEADER_HEIGHT = 38;
/**
 * A grid's height on its page: the viewport's (the dynamic one, a phone's bar counted out) over 1.4, at least 300 px.
 * A CSS length, not a figure read in script: reading the viewport's size forces a layout while the page mounts, and
 * a resize re-rendered the whole grid.
 */
export const GRID_HEIGHT = 'max(300px, calc(100dvh / 1.4))';
/**
 * Below Mantine's `sm` breakpoint (where the side menu folds away too), a grid shows its key columns only, and a
 * list opens in the light table (light-grid.tsx).
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

export interface RowCount {
  total: number;
  exact: boolean;
}

export interface PagerPosition {
  /** 0-based. */
  page: number;
  pageSize: number;
  count: RowCount;
}

export interface PagerText {
  rows: string;
  pages: string;
  /** The last page is known (the pager can go to it). */
  lastPage: number | null;
}

/** The last page (0-based) of an exact count of rows: 0 for none. */
export const lastPageOf = (total: number, pageSize: number) => Math.max(0, Math.ceil(total / pageSize) - 1);

export function pagerText({ page, pageSize, count }: PagerPosition, t: TFunction, lng: string): PagerText {
  const n = (v: number) => numberFormat(lng, {}).format(v);
  if (count.exact && count.total === 0) return { rows: t('grid.pager.no_rows'), pages: '', lastPage: 0 };
  const first = page * pageSize + 1;
  // A page of a list that goes on is full.
  const last = count.exact ? Math.min(first + pageSize - 1, count.total) : first + pageSize - 1;
  if (!count.exact) {
    return {
      rows: t('grid.pager.rows_more', { first: n(first), last: n(last), total: n(Math.max(count.total, last)) }),
      pages: t('grid.pager.page', { page: n(page + 1) }),
      lastPage: null,
    };
  }
  const pages = lastPageOf(count.total, pageSize) + 1;
  return {
    rows: t('grid.pager.rows', { first: n(first), last: n(last), total: n(count.total) }),
    pages: t('grid.pager.page_of', { page: n(page + 1), pages: n(pages) }),
    lastPage: pages - 1,
  };
}

/** A column as the chips name it. */
export interface ChipColumn {
  field: string;
  label: string;
  choices?: Choice[];
}

export interface FilterChip {
  colId: string;
  text: string;
}

const day = (v: string | null | undefined, lng: string) =>
  v ? dateTimeFormat(lng, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${v.slice(0, 10)}T00:00:00Z`)) : '';

/** The words of one column's filter ('contient « Bordeaux »'), or null when it asks nothing. */
export function filterWords(model: ColumnFilterModel, choices: Choice[] | undefined, t: TFunction, lng: string) {
  switch (model.filterType) {
    case 'text':
    case 'number': {
      if (model.filter === null || model.filter === undefined || model.filter === '') return null;
      const to = model.filterType === 'number' ? model.filterTo : undefined;
      return t(`grid.filter_op.${model.type ?? 'equals'}`, { value: model.filter, to: to ?? '' });
    }
    case 'date':
      if (!model.dateFrom) return null;
      return t(`grid.filter_op.${model.type ?? 'equals'}`, {
        value: day(model.dateFrom, lng),
        to: day(model.dateTo, lng),
      });
    case 'choice': {
      if (!model.values.length) return null;
      // The ticked choices by their names (one choice may stand for several values), then any value none names.
      const ticked = tickedChoices(choices ?? [], model.values);
      const named = (choices ?? []).filter((c) => ticked.includes(c.value));
      const covered = new Set(ticked.flatMap((v) => v.split('|')));
      return [
        ...named.map((c) => ('label' in c ? t(c.label) : c.text)),
        ...model.values.filter((v) => !covered.has(v)),
      ].join(', ');
    }
    default:
      return null;
  }
}

/** One chip per active column filter, in the columns' order: 'Ville : contient « Bordeaux »'. */
export function filterChips(
  model: Record<string, ColumnFilterModel> | null | undefined,
  columns: readonly ChipColumn[],
  t: TFunction,
  lng: string,
): FilterChip[] {
  return columns.flatMap((c) => {
    const m = model?.[c.field];
    const words = m ? filterWords(m, c.choices, t, lng) : null;
    return words ? [{ colId: c.field, text: t('grid.filter_chip', { column: c.label, words }) }] : [];
  });
}
