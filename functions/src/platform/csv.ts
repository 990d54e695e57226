import { type CsvColumn, toCsv } from '@cellar/shared/csv/write';
import { exportFields, type ListQuery, type ListSpec } from '@cellar/shared/filter/query';
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

/** The columns an export writes (see `exportFields`: requested or all allowed, aliases replaced, unknown → 422). */
export const exportColumns = (q: ListQuery, spec: ListSpec): CsvColumn[] =>
  exportFields(q, spec).map((field) => ({ field, header: field }));

/** A CSV export of records with the requested columns. */
export const csvExport = (filename: string, records: readonly unknown[], columns: CsvColumn[]) =>
  csvResponse(filename, toCsv(records, columns), records.length);
