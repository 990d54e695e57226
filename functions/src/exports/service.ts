/**
 * Background exports, CSV or XLSX. The API checks the request as the list itself would (the list's access rule,
 * then its filter, sort and column checks), records a job and queues it; the worker (worker.ts) runs the list's own
 * export as the requester and streams the file into the exports bucket; the requester gets a link valid 15 minutes.
 */
import { canAccess } from '@cellar/shared/access/roles';
import type { RouteDef } from '@cellar/shared/api/route';
import type { ExportJob, ExportRequest } from '@cellar/shared/exports/schemas';
import {
  checkListQuery,
  type ExportFormat,
  exportDateStyle,
  exportFields,
  exportFormat,
  type ListQuery,
  parseListQuery,
} from '@cellar/shared/filter/query';
import type { Language } from '@cellar/shared/i18n/messages';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { Caller } from '../caller/principal';
import { config } from '../config/config';
import { ForbiddenError, InvalidError, NotFoundError } from '../errors';
import { presignedGetUrl } from '../platform/files/objects';
import { sendMessage } from '../platform/messaging/queue';
import { isExportable } from './exportable';
import { type ExportItem, findExport, newExportJob, saveExport } from './jobs';

/** How long a download link stays valid. */
export const LINK_SECONDS = 15 * 60;

/** The exportable list at this path: a GET list route of the table with a CSV export. */
export function exportableRoute(path: string): [RouteId, RouteDef] | undefined {
  return (Object.entries(routes) as [RouteId, RouteDef][]).find(
    ([id, def]) => def.method === 'GET' && def.path === path && def.csv && def.list && isExportable(id),
  );
}

/**
 * The list query of a job, checked against the list's spec: an export of the requested columns, in `format` (the
 * query's own `output` when none is given, else CSV).
 */
export function exportQuery(def: RouteDef, query: string, format?: ExportFormat): ListQuery {
  const list = parseListQuery([...new URLSearchParams(query)]);
  list.params.output = format ?? exportFormat(list) ?? 'csv';
  if (def.list) {
    checkListQuery(list, def.list);
    exportFields(list, def.list);
    exportDateStyle(list);
  }
  return list;
}

function view(job: ExportItem, url: string | null): ExportJob {
  return {
    id: job.id,
    status: job.status,
    rows: job.rows,
    filename: job.filename,
    url,
    error: job.error,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/**
 * POST /api/exports. `lang` is the requester's: kept on the job, the worker writes the file's titles and labels in it;
 * nothing is worded here.
 */
export async function createExport(caller: Caller, body: ExportRequest, lang: Language): Promise<ExportJob> {
  const found = exportableRoute(body.path);
  if (!found) throw new InvalidError({ path: [MESSAGES.invalid] });
  const [route, def] = found;
  if (!canAccess(caller, def.access, def.scopes)) throw new ForbiddenError();
  const format = exportFormat(exportQuery(def, body.query, body.format)) ?? 'csv';
  const job = newExportJob({
    id: ulid(),
    userId: caller.user.id,
    actorId: caller.actorId ?? null,
    route,
    query: body.query,
    lang,
    format,
  });
  await saveExport(job);
  await sendMessage({ QueueUrl: config.exportQueueUrl, MessageBody: JSON.stringify({ id: job.id }) });
  return view(job, null);
}

/** GET /api/exports/{id}: the requester's own job, with a download link once done. */
export async function getExport(caller: Caller, id: string): Promise<ExportJob> {
  const job = await findExport(id);
  if (!job || job.userId !== caller.user.id) throw new NotFoundError();
  const url =
    job.status === 'done' && job.key
      ? await presignedGetUrl({ Bucket: config.exportBucket, Key: job.key }, LINK_SECONDS)
      : null;
  return view(job, url);
}
