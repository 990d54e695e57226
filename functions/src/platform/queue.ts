import type { SQSRecord } from 'aws-lambda';
import { WORK_QUEUE } from '../config/topology';

/**
 * Whether this delivery is the message's last before the dead-letter queue: a worker then ends its job as
 * failed, so that nobody waits for it, and still reports the failure so that the message is kept for inspection.
 */
export const isLastAttempt = (record: SQSRecord) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= WORK_QUEUE.maxReceives;
