/** Import jobs: one item per upload, written by the upload and then by the worker alone (ACCESS-PATTERNS.md). */

import { segmentCode } from '@cellar/shared/common/schemas';
import { LANGUAGES } from '@cellar/shared/i18n/messages';
import { importJobSchema } from '@cellar/shared/imports/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

// Fields added since the first jobs were written read as null when absent.
const jobItemSchema = importJobSchema.extend({
  warehouseId: z.string().nullable().default(null),
  segment: segmentCode.nullable().default(null),
  /** The uploader's company: who may read the job. */
  tenantId: z.string(),
  /** The uploader: the worker acts as this user. */
  userId: z.string(),
  /** While impersonating: who really uploaded. */
  actorId: z.string().nullable().default(null),
  lang: z.enum(LANGUAGES),
  /** The upload request's correlation id, which the worker's logs carry on (observability/correlation.ts). */
  correlationId: z.string().nullable().default(null),
  /** The worker's invocations that ran the job: more than one when it was continued (or resumed after a crash). */
  invocations: z.number().int().default(0),
  /**
   * Stopped at a checkpoint for lack of time, to go on in a new invocation: found running, it was not a crash (no
   * chunk to replay).
   */
  paused: z.boolean().default(false),
  /** An attempt died in the middle of a chunk: the entity's counters are recounted at the end. */
  recountAtEnd: z.boolean().default(false),
});
export type JobItem = z.infer<typeof jobItemSchema>;

const jobRecords = defineEntity<JobItem>({
  name: 'import',
  schema: jobItemSchema,
  key: (job) => keys.importJob(job.id),
});

export const findJob = (id: string) => jobRecords.get(keys.importJob(id));

export const saveJob = (job: JobItem) => jobRecords.save(job);

/**
 * Starts a run of the job: its invocation count moves from what this run read to the next, once. Two deliveries
 * of one notification worked at once (SQS delivers at least once) both read the same count: the second finds it
 * moved and leaves the job to the first (false). A run that died holds nothing: the next one reads its count.
 */
export const claimRun = (job: JobItem) =>
  jobRecords.update(job, {
    update: 'SET invocations = :next',
    condition: 'invocations = :read OR (attribute_not_exists(invocations) AND :read = :zero)',
    values: { ':next': job.invocations + 1, ':read': job.invocations, ':zero': 0 },
  });
