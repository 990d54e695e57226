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
  /**
   * The run working the job holds it until then (epoch ms: its invocation's end, and a margin); 0 once it ended or
   * paused. A delivery that finds it held keeps out.
   */
  leaseUntil: z.number().default(0),
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
 * Starts a run of the job, held until `until` (its invocation's end): its invocation count moves from what this run
 * read to the next, once, and only when no other run holds the job. SQS delivers at least once: two deliveries of one
 * notification read at once find the count moved; a delivery that comes while a run works the job (its message seen
 * again after the visibility timeout, a duplicate) finds it held. Either leaves the job to the run that has it
 * (false). A run that died holds it until its invocation's end, long before SQS delivers its message again (the
 * visibility timeout is 6 × the worker's timeout: WORK_QUEUE).
 *
 * ```
 * run A  claim ── chunk ── chunk ── done, lease 0
 * run B        claim? no: A holds it → the delivery ends
 * ```
 */
export async function claimRun(job: JobItem, until: number): Promise<boolean> {
  const claimed = await jobRecords.update(job, {
    update: 'SET invocations = :next, leaseUntil = :until',
    condition:
      '(invocations = :read OR (attribute_not_exists(invocations) AND :read = :zero)) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    values: { ':next': job.invocations + 1, ':read': job.invocations, ':zero': 0, ':until': until, ':now': Date.now() },
  });
  if (claimed) job.leaseUntil = until;
  return claimed;
}

/** A run that failed lets the job go at once (if it still holds it), for the message's next delivery to resume it. */
export const releaseRun = (job: JobItem) =>
  jobRecords.update(job, {
    update: 'SET leaseUntil = :free',
    condition: 'leaseUntil = :mine',
    values: { ':free': 0, ':mine': job.leaseUntil },
  });
