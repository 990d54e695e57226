/** Export jobs: one item per request, written by the API and then by the worker alone (ACCESS-PATTERNS.md). */

import type { ExportStatus } from '@cellar/shared/exports/schemas';
import type { Language } from '@cellar/shared/i18n/messages';
import type { RouteId } from '@cellar/shared/routes/table';
import { keys } from '../data/keys';
import { getItem, putItem } from '../data/table';

export interface ExportItem {
  id: string;
  /** The requester: the only one who sees the job, and whom the worker acts as. */
  userId: string;
  actorId: string | null;
  route: RouteId;
  /** The list's query string. */
  query: string;
  lang: Language;
  status: ExportStatus;
  rows: number | null;
  filename: string | null;
  /** The file in the exports bucket. */
  key: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const findExport = (id: string) => getItem<ExportItem>(keys.exportJob(id));

export const saveExport = (job: ExportItem) => putItem({ ...keys.exportJob(job.id), entity: 'export', ...job });
