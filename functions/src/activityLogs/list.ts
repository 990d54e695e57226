/** The activity log list and the statistics export, answered from the list's plan. */
import { activityLogRoutes } from '@cellar/shared/activityLogs/routes';
import type { CsvColumn } from '@cellar/shared/csv/write';
import { exportDateStyle, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import type { Caller } from '../caller/principal';
import { keys } from '../data/keys';
import { keyDateRange, type PlannedList } from '../data/list';
import { companies } from '../data/reference';
import { readCounter } from '../data/table';
import type { ExportWording } from '../platform/http/csv';
import type { ListAnswer } from '../platform/http/lists';
import { type Log, logRecords } from './service';

/**
 * The list's plan: everyone's logs (the superadmin) or one company's (GSI1), newest first by the key, which a date
 * range narrows; the superadmin's filter on one company code reads that company's logs only.
 */
async function plan(caller: Caller, query: ListQuery): Promise<PlannedList<Log>> {
  const q = withExportRange(query, 'createdAt');
  const byCode = q.filters.find((c) => c.field === 'user.company.code' && c.op === 'eq' && c.values.length === 1);
  const named = caller.isSuperadmin && byCode ? await companyIdOf(byCode.values[0] as string) : undefined;
  const company = caller.isSuperadmin ? named : caller.tenantId;
  const { range, consumed } = keyDateRange(q.filters, 'createdAt');
  const keyConditions = named && byCode ? [...consumed, byCode] : consumed;
  const unfiltered = q.filters.length === 0;
  return {
    spec: activityLogRoutes.activityLogList.list,
    keySource: company
      ? { index: 'GSI1', pk: keys.companyLogs(company), skBetween: range }
      : { pk: keys.logs, skBetween: range },
    keySort: { field: 'createdAt', desc: true },
    conditions: q.filters,
    keyConditions,
    sort: q.sort,
    map: (item) => logRecords.parse(item),
    id: (l) => l.id,
    words: () => [],
    total: unfiltered
      ? () => readCounter(keys.counter(company ? keys.companyLogs(company) : keys.logs, 'all'))
      : undefined,
  };
}

/** The id of the company with this code; a code nobody has names an empty range. */
async function companyIdOf(code: string): Promise<string> {
  for (const c of (await companies.get()).values()) if (c.code === code) return c.id;
  return `unknown:${code}`;
}

/** The activity log list: its page, or the statistics export with its fixed French header. */
export async function logList(caller: Caller, q: ListQuery): Promise<ListAnswer<Log>> {
  return { plan: await plan(caller, q), filename: 'activity-logs.csv', columns: logColumns };
}

/** The statistics export: one line per log, with the spec's French header. */
const LOG_HEADERS: Record<string, string> = {
  type: 'Type',
  pageName: 'Page',
  createdAt: 'Date',
  'user.company.code': 'Compagnie',
  'user.lastname': 'Nom',
  'user.firstname': 'Prénom',
  'user.email': 'Email',
};
/** The spec's columns, the date as every export writes it (Paris-local in the requester's language, or ISO). */
function logColumns(q: ListQuery, wording: ExportWording): CsvColumn[] {
  const ctx = { lang: wording.lang, text: wording.text, dates: exportDateStyle(q) };
  return activityLogRoutes.activityLogList.list.columns.map((field) => ({
    field,
    header: LOG_HEADERS[field] ?? field,
    ...(field === 'createdAt' ? { format: (value: unknown) => wording.cell(value, 'date', ctx) } : {}),
  }));
}
