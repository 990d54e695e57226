import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { WORK_QUEUE } from '../../../functions/src/config/topology';
import { CellarFunction } from './cellar-function';
import type { WorkQueue } from './work-queue';

export interface QueueWorkerProps {
  readonly queue: WorkQueue;
  /** Path under functions/src, e.g. `imports/worker.ts`; the module exports `handler`. */
  readonly entry: string;
  readonly serviceName: string;
  readonly environment: Record<string, string>;
  readonly logRetention: RetentionDays;
}

/**
 * A Lambda fed by a WorkQueue in batches. The worker returns `batchItemFailures`, so only the failed
 * messages of a batch are retried; its timeout is the one the queue's visibility timeout was sized for. It may run
 * the queue's `concurrency` batches at once and no more (reserved, so the API functions always have the rest of the
 * account), and the queue hands it no more than that: a throttled batch would come back with a receive more,
 * towards the dead-letter queue.
 */
export class QueueWorker extends CellarFunction {
  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    const { queue, ...functionProps } = props;
    if (!queue.concurrency) throw new Error(`${id}: its queue says no concurrency`);
    super(scope, id, { ...functionProps, timeout: queue.workerTimeout, reservedConcurrency: queue.concurrency });
    this.fn.addEventSource(
      new SqsEventSource(queue.queue, {
        batchSize: WORK_QUEUE.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: queue.concurrency,
      }),
    );
  }
}
