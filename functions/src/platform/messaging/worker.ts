/**
 * A queue worker's Lambda handler: the batch Lambda's event source mapping delivers, each message worked in turn
 * under the correlation id it carries (observability/correlation.ts), traced in X-Ray like the API
 * (observability/tracer.ts). A message that fails is reported in `batchItemFailures`, so that only it is delivered
 * again, then dead-lettered; on its last delivery, the worker first ends what it started as failed, so that nobody
 * waits for it.
 *
 * ```
 * batch ──► message 1 ── work ──► done
 *           message 2 ── work ──✗ logged; last delivery? abandon ──► batchItemFailures: [2]
 *           message 3 ── work ──► done (one time budget for all three)
 * ```
 */
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { WORK_QUEUE } from '../../config/topology';
import { correlationOfRecord, withCorrelation } from '../../observability/correlation';
import { logger } from '../../observability/logger';
import { tracer } from '../../observability/tracer';
import { type TimeBudget, timeBudget } from './time-budget';

/** Whether this delivery is the message's last before the dead-letter queue. */
export const isLastAttempt = (record: SQSRecord) =>
  Number(record.attributes?.ApproximateReceiveCount ?? 1) >= WORK_QUEUE.maxReceives;

/** What a worker does with each message of a batch. */
export interface QueueWork {
  /** The log line of a message whose work threw ('Export failed'). */
  failure: string;
  /**
   * Works one message: it fails by throwing, or by answering false once it has logged why. The budget is the
   * batch's: work paused for lack of time leaves none to the next messages either (platform/messaging/time-budget.ts).
   */
  work(record: SQSRecord, budget: TimeBudget, context: Context): Promise<unknown>;
  /** On the last delivery of a message whose work threw: ends what it started as failed. */
  abandon?(record: SQSRecord): Promise<void>;
}

/**
 * The Lambda handler of a queue worker.
 * @example export const handler = queueWorker({ failure: 'Export failed', work: (m, budget, context) => … });
 */
export const queueWorker = ({ failure, work, abandon }: QueueWork) =>
  middy<SQSEvent, SQSBatchResponse>()
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .handler(async (event, context) => {
      const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
      const budget = timeBudget(context);
      for (const record of event.Records) {
        const done = await withCorrelation(correlationOfRecord(record), async () => {
          try {
            return (await work(record, budget, context)) !== false;
          } catch (error) {
            logger.error(failure, { messageId: record.messageId, error: error as Error });
            if (abandon && isLastAttempt(record)) await abandon(record);
            return false;
          }
        });
        if (!done) batchItemFailures.push({ itemIdentifier: record.messageId });
      }
      return { batchItemFailures };
    });
