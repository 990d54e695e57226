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
 * messages of a batch are retried; its timeout is the one the queue's visibility timeout was sized for.
 */
export class QueueWorker extends CellarFunction {
  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    const { queue, ...functionProps } = props;
    super(scope, id, { ...functionProps, timeout: queue.workerTimeout });
    this.fn.addEventSource(
      new SqsEventSource(queue.queue, { batchSize: WORK_QUEUE.batchSize, reportBatchItemFailures: true }),
    );
  }
}
