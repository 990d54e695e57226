import { type CsvColumn, toCsv } from '@cellar/shared/csv/write';
import { type ListQuery, QueryError } from '@cellar/shared/filter/query';
import { HttpResponse } from './http';

/** The data rows of a CSV answer (the background export records it). */
export const ROW_COUNT_HEADER = 'X-Row-Count';

/** A CSV download; the client takes the file name from Content-Disposition. */
export function csvResponse(filename: string, content: string, rows?: number): HttpResponse {
  return new HttpResponse(200, content, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    ...(rows === undefined ? {} : { [ROW_COUNT_HEADER]: String(rows) }),
  });
}

/** Every export writes warehouses as their codes (spec 3 §7). */
const WAREHOUSE_AS_CODE: Record<string, string[]> = { 'warehouse.name': ['warehouse.code'] };

/**
 * The columns an export writes: the requested ones (output=csv&columns=…) or all allowed, each alias replaced by
 * the fields it stands for; an unknown column is a 422.
 */
export function exportColumns(
  q: ListQuery,
  allowed: readonly string[],
  aliases: Record<string, string[]> = WAREHOUSE_AS_CODE,
): CsvColumn[] {
  const requested = (q.params.columns ?? allowed.join(','))
    .split(',')
    .filter(Boolean)
    .flatMap((c) => aliases[c] ?? [c]);
  const unknown = requested.filter((c) => !allowed.includes(c));
  if (unknown.length) throw new QueryError({ columns: [`Unknown columns: ${unknown.join(', ')}.`] });
  return [...new Set(requested)].map((field) => ({ field, header: field }));
}

/** A CSV export of records with the requested columns. */
export const csvExport = (filename: string, records: readonly unknown[], columns: CsvColumn[]) =>
  csvResponse(filename, toCsv(records, columns), records.length);
