/**
 * The statistics pivot, built in the browser from the server's daily counters (GET /api/activity-logs/stats,
 * one row per company, type and page with a count per day):
 * rows are the chosen fields among company code, type and page name; columns are the dates, by day or by month;
 * a cell is the sum of the counts. AG Grid's own pivot mode is an enterprise feature, and the server has already
 * aggregated the logs, so a plain grid of these rows and columns does the job.
 *
 *   {CLI001, pageView, dashboard, 2026-03-01, 2}     rows [company, pageName], by month
 *   {CLI001, pageView, dashboard, 2026-03-09, 1}  →  CLI001 | dashboard      | 2026-03: 3 | total 3
 *   {CLI001, pageView, stock,     2026-04-02, 5}     CLI001 | stock          | 2026-04: 5 | total 5
 */

export interface StatCount {
  company: string;
  type: string;
  pageName: string;
  /** YYYY-MM-DD */
  date: string;
  count: number;
}

/** What the API answers: one row per company, type and page, with its count per day. */
export interface StatRow {
  company: string;
  type: string;
  pageName: string;
  days: Record<string, number>;
}

/** The API's rows as one count per day, the pivot's input. */
export const dailyCounts = (rows: readonly StatRow[]): StatCount[] =>
  rows.flatMap((r) =>
    Object.entries(r.days).map(([date, count]) => ({
      company: r.company,
      type: r.type,
      pageName: r.pageName,
      date,
      count,
    })),
  );

export const ROW_FIELDS = ['company', 'type', 'pageName'] as const;
export type RowField = (typeof ROW_FIELDS)[number];
export const DATE_GROUPINGS = ['day', 'month'] as const;
export type DateGrouping = (typeof DATE_GROUPINGS)[number];

export interface PivotLayout {
  rowFields: RowField[];
  dateGrouping: DateGrouping;
}

export const DEFAULT_LAYOUT: PivotLayout = { rowFields: [...ROW_FIELDS], dateGrouping: 'day' };

export interface PivotRow {
  /** The row fields' values, joined: a stable row id. */
  id: string;
  fields: Partial<Record<RowField, string>>;
  /** Date column key → sum of counts. */
  cells: Record<string, number>;
  total: number;
}

export interface Pivot {
  /** Date column keys, oldest first: YYYY-MM-DD by day, YYYY-MM by month. */
  columns: string[];
  rows: PivotRow[];
  totals: PivotRow;
}

export const dateKey = (date: string, grouping: DateGrouping) =>
  grouping === 'month' ? date.slice(0, 7) : date.slice(0, 10);

/** Row fields in their canonical order (company, type, page), whatever order they were chosen in. */
export const orderedFields = (fields: readonly RowField[]): RowField[] => ROW_FIELDS.filter((f) => fields.includes(f));

export function buildPivot(counts: readonly StatCount[], layout: PivotLayout): Pivot {
  const fields = orderedFields(layout.rowFields);
  const columns = new Set<string>();
  const rows = new Map<string, PivotRow>();
  const totals: PivotRow = { id: '__total__', fields: {}, cells: {}, total: 0 };

  for (const c of counts) {
    const column = dateKey(c.date, layout.dateGrouping);
    columns.add(column);
    const id = JSON.stringify(fields.map((f) => c[f]));
    let row = rows.get(id);
    if (!row) {
      row = { id, fields: Object.fromEntries(fields.map((f) => [f, c[f]])), cells: {}, total: 0 };
      rows.set(id, row);
    }
    row.cells[column] = (row.cells[column] ?? 0) + c.count;
    row.total += c.count;
    totals.cells[column] = (totals.cells[column] ?? 0) + c.count;
    totals.total += c.count;
  }

  const sortedRows = [...rows.values()].sort((a, b) => {
    for (const f of fields) {
      const order = (a.fields[f] ?? '').localeCompare(b.fields[f] ?? '');
      if (order) return order;
    }
    return 0;
  });
  return { columns: [...columns].sort(), rows: sortedRows, totals };
}

/** A stored layout, checked: anything unreadable falls back to the default. */
export function parseLayout(raw: unknown): PivotLayout {
  if (!raw || typeof raw !== 'object') return DEFAULT_LAYOUT;
  const { rowFields, dateGrouping } = raw as Record<string, unknown>;
  const fields = Array.isArray(rowFields) ? rowFields.filter((f): f is RowField => ROW_FIELDS.includes(f)) : null;
  const grouping = DATE_GROUPINGS.includes(dateGrouping as DateGrouping) ? (dateGrouping as DateGrouping) : null;
  return {
    rowFields: fields ? orderedFields(fields) : DEFAULT_LAYOUT.rowFields,
    dateGrouping: grouping ?? DEFAULT_LAYOUT.dateGrouping,
  };
}
