/**
 * A list route answered from its plan, in one place: the service says what it lists (its `PlannedList`, the file
 * name of its export, how a page's rows are shown), and this serves the page, the direct export (`output=csv|xlsx`)
 * and the background export's file the same way: the rows read a page at a time, written by one writer per format.
 *
 *   contactList: async ({ caller, list, lang }) => answerList(await contactList(caller, list), list, lang)
 */
import type { CsvColumn } from '@cellar/shared/csv/write';
import { DEFAULT_PAGE_SIZE, exportFormat, type ListQuery } from '@cellar/shared/filter/query';
import type { Language } from '@cellar/shared/i18n/messages';
import { type PlannedList, plannedPage, plannedRowPages, plannedRowPagesFrom, type RowPage } from '../../data/list';
import { attachment, CONTENT_TYPES, exportBytes, fileNameIn } from '../files/export-file';
import type { ExportWrite } from '../files/file-segments';
import { type ExportWording, exportColumns, exportWording, ROW_COUNT_HEADER } from './csv';
import { HttpResponse } from './pipeline';

export interface ListAnswer<T> {
  plan: PlannedList<T>;
  /** The export's file name. */
  filename: string;
  /** A page's rows as the API shows them (includes, joins); the rows themselves when absent. */
  present?: (rows: T[]) => Promise<unknown[]> | unknown[];
  /** The export's columns when they are not the requested fields as the list declares them. */
  columns?: (q: ListQuery, wording: ExportWording) => CsvColumn[];
}

/** What exporting a list writes: its rows, page by page, and its file (format, columns, language, name). */
export interface ListExport {
  pages: AsyncIterable<readonly unknown[]>;
  /** The same rows with the list's position after each page, from a position an earlier invocation saved. */
  pagesFrom: (from?: Record<string, string>) => AsyncIterable<RowPage<unknown>>;
  file: ExportWrite;
  filename: string;
}

/** The export of every row the list's plan answers, with the requested columns, in the requester's language. */
export async function listExport<T>(answer: ListAnswer<T>, q: ListQuery, lang: Language): Promise<ListExport> {
  const wording = await exportWording(lang, answer.plan.spec);
  const columns = answer.columns?.(q, wording) ?? exportColumns(q, answer.plan.spec, wording);
  const format = exportFormat(q) ?? 'csv';
  const filename = fileNameIn(answer.filename, format);
  return {
    pages: plannedRowPages(answer.plan),
    pagesFrom: (from) => plannedRowPagesFrom(answer.plan, from),
    file: { format, columns, lang, sheet: filename.replace(/\.\w+$/, '') },
    filename,
  };
}

/** The direct export's answer: the whole file (the grid's row limit bounds it), XLSX as base64 bytes. */
export async function exportList<T>(answer: ListAnswer<T>, q: ListQuery, lang: Language): Promise<HttpResponse> {
  const { pages, file, filename } = await listExport(answer, q, lang);
  const { bytes, rows } = await exportBytes(pages, file);
  const binary = file.format === 'xlsx';
  return new HttpResponse(
    200,
    bytes.toString(binary ? 'base64' : 'utf8'),
    {
      'Content-Type': CONTENT_TYPES[file.format],
      'Content-Disposition': attachment(filename),
      [ROW_COUNT_HEADER]: String(rows),
    },
    binary,
  );
}

/** One page of the list, or its file when `output=csv|xlsx` is asked. */
export async function answerList<T>(answer: ListAnswer<T>, q: ListQuery, lang: Language) {
  if (exportFormat(q)) return exportList(answer, q, lang);
  const page = await plannedPage(answer.plan, q.page ?? 1, q.paginate ?? DEFAULT_PAGE_SIZE, q.cursor);
  return answer.present ? { ...page, data: await answer.present(page.data) } : page;
}
