import type { ColumnDefs, exportCell } from '@cellar/shared/csv/columns';
import type { CsvColumn } from '@cellar/shared/csv/write';
import { exportDateStyle, exportFields, type ListQuery, type ListSpec } from '@cellar/shared/filter/query';
import type { Language } from '@cellar/shared/i18n/messages';
import { HttpResponse } from './pipeline';

/** The data rows of an export's answer. */
export const ROW_COUNT_HEADER = 'X-Row-Count';

/** A CSV download; the client takes the file name from Content-Disposition. */
export function csvResponse(filename: string, content: string, rows?: number): HttpResponse {
  return new HttpResponse(200, content, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    ...(rows === undefined ? {} : { [ROW_COUNT_HEADER]: String(rows) }),
  });
}

/** What an export is worded with: the requester's language, the list texts in it, the list's column declarations. */
export interface ExportWording {
  lang: Language;
  text: (key: string) => string;
  defs?: ColumnDefs;
  cell: typeof exportCell;
}

/** The wording of a list's export, loaded with its first export (no function starts with it). */
export async function exportWording(lang: Language, spec: ListSpec): Promise<ExportWording> {
  const [{ listText }, { exportCell }, defs] = await Promise.all([
    import('@cellar/shared/i18n/list-texts'),
    import('@cellar/shared/csv/columns'),
    spec.columnDefs?.(),
  ]);
  return { lang, text: (key) => listText(lang, key), cell: exportCell, ...(defs ? { defs } : {}) };
}

/**
 * The columns an export writes (CSV or XLSX alike) (see `exportFields`: requested or all allowed, aliases replaced, unknown → 422),
 * each titled and written as the list declares it (`columnDefs`) in the requester's language, dates as `dates=`
 * asks. Every list's export, direct or in the background, goes through here.
 */
export function exportColumns(q: ListQuery, spec: ListSpec, wording: ExportWording): CsvColumn[] {
  const ctx = { lang: wording.lang, text: wording.text, dates: exportDateStyle(q) };
  return exportFields(q, spec).map((field) => {
    const def = wording.defs?.[field];
    if (!def) return { field, header: field };
    const { format } = def;
    return {
      field,
      header: wording.text(def.header),
      ...(format ? { format: (value: unknown) => wording.cell(value, format, ctx) } : {}),
    };
  });
}
