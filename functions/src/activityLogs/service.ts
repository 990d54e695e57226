import { statsPeriod } from '@cellar/shared/activityLogs/period';
import { type ActivityLog, activityLogSchema } from '@cellar/shared/activityLogs/schemas';
import { dayIn } from '@cellar/shared/common/dates';

/**
 * Page-view activity logs and their statistics. Each log also adds to a daily counter per company, type and
 * page, so the statistics pivot reads a few hundred counters instead of every log (100,000 logs stay fast).
 * Non-superadmins see their own company's logs and figures.
 */

import { clock } from '@cellar/shared/common/clock';
import * as z from 'zod';
import type { Caller } from '../caller/principal';
import { seesOwner } from '../caller/visibility';
import { defineEntity } from '../data/entity';
import { newId } from '../data/ids';
import { keys } from '../data/keys';
import { ConflictError } from '../errors';

const LOGS = keys.logs;
const companyLogs = keys.companyLogs;

/** The months (YYYY-MM) from one date to another, both included. */
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [ey, em] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
  while (y < ey || (y === ey && m <= em)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

/** Activity logs: everyone's newest first, and a company's on GSI1; counted for the lists' totals. */
export const logRecords = defineEntity<ActivityLog & { companyId: string }>({
  name: 'activityLog',
  schema: activityLogSchema.extend({ companyId: z.string() }),
  key: (l) => ({ PK: LOGS, SK: `${l.createdAt}#${l.id}` }),
  indexes: (l) => ({ GSI1: [companyLogs(l.companyId), `${l.createdAt}#${l.id}`] }),
  counters: (l) => [keys.counter(LOGS, 'all'), keys.counter(companyLogs(l.companyId), 'all')],
  everywhere: () => [{ pk: LOGS }],
});

/** A log as stored and listed: the page view with its user's company. */
export type Log = ActivityLog & { companyId: string };

const statRowSchema = z.object({
  /** YYYY-MM: daily counts are kept by month, so a month reads its own rows only, a year twelve small partitions. */
  month: z.string(),
  company: z.string(),
  companyId: z.string(),
  type: z.literal('pageView'),
  pageName: z.string(),
  /** Day (YYYY-MM-DD) → count. */
  days: z.record(z.string(), z.number()),
});
export type StatRow = z.infer<typeof statRowSchema>;

/** What identifies a row in every month: the company, the type and the page. */
const statRowId = (r: Pick<StatRow, 'company' | 'type' | 'pageName'>) => `${r.company}#${r.type}#${r.pageName}`;

/**
 * One item per month, company, type and page, holding a map of day → count: the pivot reads a few items per month
 * and page, however many logs there are. Only ever changed by an atomic increment of one day.
 */
export const statRecords = defineEntity<StatRow>({
  name: 'activityStat',
  schema: statRowSchema,
  key: (r) => ({ PK: keys.stats(r.month), SK: statRowId(r) }),
});

/** Counts a view in its row; the first view of a row creates its item (a conditional put). */
async function countPageView(caller: Caller, pageName: string, date: string): Promise<void> {
  const row: StatRow = {
    month: date.slice(0, 7),
    company: caller.company.code,
    companyId: caller.tenantId,
    type: 'pageView',
    pageName,
    days: { [date]: 1 },
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const counted = await statRecords.update(row, {
      update: 'SET #days.#d = if_not_exists(#days.#d, :zero) + :one',
      condition: 'attribute_exists(#days)',
      names: { '#days': 'days', '#d': date },
      values: { ':zero': 0, ':one': 1 },
    });
    if (counted) return;
    try {
      await statRecords.insert(row);
      return;
    } catch (e) {
      // Someone created the row meanwhile: count in it.
      if (!(e instanceof ConflictError)) throw e;
    }
  }
}

export async function recordPageView(caller: Caller, pageName: string): Promise<null> {
  // Impersonation is the provider looking over a client's shoulder: it is not the client's activity.
  if (caller.actorId) return null;
  const now = clock.now();
  const createdAt = now.toISOString();
  const id = newId();
  const log: ActivityLog & { companyId: string } = {
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
  await logRecords.insert(log);
  // Counted in the month of the Paris day, as the statistics page reads months.
  await countPageView(caller, pageName, dayIn(createdAt));
  return null;
}

/** Daily counts per company, type and page between two dates (default: this year; the route bounds the period). */
export async function stats(caller: Caller, startDate?: string, endDate?: string) {
  const { start, end } = statsPeriod({ start_date: startDate, end_date: endDate });
  const rows = new Map<string, { company: string; type: string; pageName: string; days: Record<string, number> }>();
  // The months are read side by side.
  const months = await Promise.all(
    monthsBetween(start, end).map(async (month) => {
      const found: StatRow[] = [];
      for await (const r of statRecords.query({ pk: keys.stats(month) })) found.push(r);
      return found;
    }),
  );
  for (const stat of months.flat()) {
    if (!seesOwner(caller, stat.companyId)) continue;
    const id = statRowId(stat);
    const row = rows.get(id) ?? { company: stat.company, type: stat.type, pageName: stat.pageName, days: {} };
    for (const [date, n] of Object.entries(stat.days)) {
      if (date >= start && date <= end) row.days[date] = n;
    }
    rows.set(id, row);
  }
  return [...rows.values()].filter((r) => Object.keys(r.days).length > 0);
}
