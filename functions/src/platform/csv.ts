import { exportCell } from '@cellar/shared/csv/columns';
import { type CsvColumn, toCsv } from '@cellar/shared/csv/write';
import { exportDateStyle, exportFields, type ListQuery, type ListSpec } from '@cellar/shared/filter/query';
import { type Language, translate } from '@cellar/shared/i18n/messages';
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

/**
 * The columns an export writes (see `exportFields`: requested or all allowed, aliases replaced, unknown → 422),
 * each titled and written as the list declares it (`columnDefs`) in the requester's language, dates as `dates=`
 * asks. Every list's export, direct or in the background, goes through here.
 */
export function exportColumns(q: ListQuery, spec: ListSpec, lang: Language): CsvColumn[] {
  const ctx = { lang, dates: exportDateStyle(q) };
  return exportFields(q, spec).map((field) => {
    const def = spec.columnDefs?.[field];
    if (!def) return { field, header: field };
    const { format } = def;
    return {
      field,
      header: translate(lang, def.header),
      ...(format ? { format: (value: unknown) => exportCell(value, format, ctx) } : {}),
    };
  });
}

/** A CSV export of records with the requested columns. */
export const csvExport = (filename: string, records: readonly unknown[], columns: CsvColumn[]) =>
  csvResponse(filename, toCsv(records, columns), records.length);
