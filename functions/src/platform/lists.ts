/**
 * A list route answered from its plan, in one place: the service says what it lists (its `PlannedList`, the file
 * name of its export, how a page's rows are shown), and this serves the page, the direct CSV (`output=csv`) and the
 * background export's CSV the same way.
 *
 *   contactList: async ({ caller, list, lang }) => answerList(await contactList(caller, list), list, lang)
 */
import type { CsvColumn } from '@cellar/shared/csv/write';
import { DEFAULT_PAGE_SIZE, type ListQuery } from '@cellar/shared/filter/query';
import type { Language } from '@cellar/shared/i18n/messages';
import { type PlannedList, plannedPage, plannedRows } from '../data/list';
import { csvExport, type ExportWording, exportColumns, exportWording } from './csv';
import type { HttpResponse } from './http';

export interface ListAnswer<T> {
  plan: PlannedList<T>;
  /** The export's file name. */
  filename: string;
  /** A page's rows as the API shows them (includes, joins); the rows themselves when absent. */
  present?: (rows: T[]) => Promise<unknown[]> | unknown[];
  /** The export's columns when they are not the requested fields as the list declares them. */
  columns?: (q: ListQuery, wording: ExportWording) => CsvColumn[];
}

/** The CSV of every row the list's plan answers, with the requested columns, in the requester's language. */
export async function exportList<T>(answer: ListAnswer<T>, q: ListQuery, lang: Language): Promise<HttpResponse> {
  const wording = await exportWording(lang, answer.plan.spec);
  const columns = answer.columns?.(q, wording) ?? exportColumns(q, answer.plan.spec, wording);
  return csvExport(answer.filename, await plannedRows(answer.plan), columns);
}

/** One page of the list, or its CSV when `output=csv` is asked. */
export async function answerList<T>(answer: ListAnswer<T>, q: ListQuery, lang: Language) {
  if (q.params.output === 'csv') return exportList(answer, q, lang);
  const page = await plannedPage(answer.plan, q.page ?? 1, q.paginate ?? DEFAULT_PAGE_SIZE, q.cursor);
  return answer.present ? { ...page, data: await answer.present(page.data) } : page;
}
