/** Import jobs: one item per upload, written by the upload and then by the worker alone (ACCESS-PATTERNS.md). */

import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { ContactType } from '@cellar/shared/contacts/schemas';
import type { Language } from '@cellar/shared/i18n/messages';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import type { ImportTemplateName } from '@cellar/shared/imports/templates';
import { keys } from '../data/keys';
import { getItem, putItem } from '../data/table';

export interface JobItem extends Omit<ImportJob, 'type' | 'ownerId'> {
  template: ImportTemplateName;
  type: ContactType | null;
  ownerId: string | null;
  warehouseId: string | null;
  segment: SegmentCode | null;
  /** The uploader's company: who may read the job. */
  tenantId: string;
  /** The uploader: the worker acts as this user. */
  userId: string;
  /** While impersonating: who really uploaded. */
  actorId: string | null;
  lang: Language;
}

export const findJob = (id: string) => getItem<JobItem & { PK: string }>(keys.importJob(id));

export const saveJob = (job: JobItem) => putItem({ ...keys.importJob(job.id), entity: 'import', ...job });
