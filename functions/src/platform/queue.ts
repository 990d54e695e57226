/** What the queue workers share with the queues that feed them (infra/lib/constructs/work-queue.ts). */
import type { SQSRecord } from 'aws-lambda';

/** Receives of a message before the queue moves it to its dead-letter queue. */
export const QUEUE_MAX_RECEIVES = 3;

/**
 * Whether this delivery is the message's last before the dead-letter queue: a worker then ends its job as
 * failed, so that nobody waits for it, and still reports the failure so that the message is kept for inspection.
 */
export const isLastAttempt = (record: SQSRecord) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= QUEUE_MAX_RECEIVES;
