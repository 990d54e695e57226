/**
 * Page-view activity logs and their statistics. Each log also adds to a daily counter per company, type and
 * page, so the statistics pivot reads a few hundred counters instead of every log (100,000 logs stay fast).
 * Non-superadmins see their own company's logs and figures.
 */
import { type CsvColumn, toCsv } from '@cellar/shared/csv/write';
import { matchesAll } from '@cellar/shared/filter/match';
import { DEFAULT_PAGE_SIZE, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import type { ActivityLog } from '@cellar/shared/schemas/activity';
import { ulid } from 'ulid';
import { addToCounter, type Item, listAll, listPage, putItem, queryAll, type Source } from '../data/table';
import { csvResponse } from '../platform/csv';
import type { Caller } from '../platform/principal';

const LOGS = 'LOGS';
const companyLogs = (companyId: string) => `COMPANY#${companyId}#LOGS`;
const statsPartition = (year: string) => `STATS#${year}`;

interface LogItem extends ActivityLog {
  companyId: string;
}

const view = (item: Item): ActivityLog & { companyId: string } => {
  const { PK, SK, GSI1PK, GSI1SK, entity, ...rest } = item;
  return rest as unknown as LogItem;
};

export async function recordPageView(caller: Caller, pageName: string): Promise<null> {
  // Impersonation is the provider looking over a client's shoulder: it is not the client's activity.
  if (caller.actorId) return null;
  const now = new Date();
  const createdAt = now.toISOString();
  const id = ulid();
  const log: LogItem = {
    id,
    type: 'pageView',
    pageName,
    createdAt,
    companyId: caller.tenantId,
    user: {
      firstname: caller.user.firstname,
      lastname: caller.user.lastname,
      email: caller.user.email,
      company: { code: caller.company.code, name: caller.company.name },
    },
  };
  await putItem({
    PK: LOGS,
    SK: `${createdAt}#${id}`,
    GSI1PK: companyLogs(caller.tenantId),
    GSI1SK: `${createdAt}#${id}`,
    entity: 'activityLog',
    ...log,
  });
  const date = createdAt.slice(0, 10);
  const statKey = { PK: statsPartition(date.slice(0, 4)), SK: `${date}#${caller.company.code}#pageView#${pageName}` };
  await addToCounter(statKey, 1, {
    entity: 'activityStat',
    company: caller.company.code,
    companyId: caller.tenantId,
    type: 'pageView',
    pageName,
    date,
  });
  return null;
}

const source = (caller: Caller): Source =>
  caller.isSuperadmin ? { pk: LOGS, desc: true } : { index: 'GSI1', pk: companyLogs(caller.tenantId), desc: true };

export async function listLogs(caller: Caller, query: ListQuery) {
  const q = withExportRange(query, 'createdAt');
  const ascending = q.sort[0] && !q.sort[0].desc;
  return listPage({
    source: { ...source(caller), desc: !ascending },
    map: view,
    predicate: q.filters.length ? (l) => matchesAll(l, q.filters) : undefined,
    page: q.page ?? 1,
    perPage: q.paginate ?? DEFAULT_PAGE_SIZE,
  });
}

/** The statistics export: one line per log, with the spec's French header. */
const LOG_COLUMNS: CsvColumn[] = [
  { field: 'type', header: 'Type' },
  { field: 'pageName', header: 'Page' },
  { field: 'createdAt', header: 'Date' },
  { field: 'user.company.code', header: 'Compagnie' },
  { field: 'user.lastname', header: 'Nom' },
  { field: 'user.firstname', header: 'Prénom' },
  { field: 'user.email', header: 'Email' },
];

export async function exportLogs(caller: Caller, query: ListQuery) {
  const q = withExportRange(query, 'createdAt');
  const rows = await listAll({ source: source(caller), map: view, predicate: (l) => matchesAll(l, q.filters) });
  return csvResponse('activity-logs.csv', toCsv(rows, LOG_COLUMNS));
}

/** Daily counts per company, type and page between two dates (default: this year). */
export async function stats(caller: Caller, startDate?: string, endDate?: string) {
  const year = new Date().toISOString().slice(0, 4);
  const start = startDate ?? `${year}-01-01`;
  const end = endDate ?? `${year}-12-31`;
  const rows: { company: string; type: string; pageName: string; date: string; count: number }[] = [];
  for (let y = Number(start.slice(0, 4)); y <= Number(end.slice(0, 4)); y++) {
    for await (const item of queryAll({ pk: statsPartition(String(y)) })) {
      const date = String(item.date ?? String(item.SK).slice(0, 10));
      if (date < start || date > end) continue;
      if (!caller.isSuperadmin && item.companyId !== caller.tenantId) continue;
      rows.push({
        company: String(item.company),
        type: String(item.type),
        pageName: String(item.pageName),
        date,
        count: Number(item.n ?? 0),
      });
    }
  }
  return rows;
}
