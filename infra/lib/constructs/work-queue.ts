import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { visibilityTimeoutSeconds, WORK_QUEUE } from '../../../functions/src/config/topology';

export interface WorkQueueProps {
  /** How long the consuming worker may run on one batch. */
  readonly workerTimeoutSeconds: number;
  /** How many batches its worker may run at once (a Lambda consumer's); none when another system consumes it. */
  readonly concurrency?: number;
}

/** A job queue with its dead-letter queue: a message that keeps failing is parked there for inspection. */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly workerTimeout: Duration;
  readonly concurrency?: number;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    this.workerTimeout = Duration.seconds(props.workerTimeoutSeconds);
    this.concurrency = props.concurrency;
    // SQS-managed keys, not KMS: S3 event notifications cannot write to a queue under the aws/sqs key.
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(WORK_QUEUE.deadLetterRetentionDays),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(props)),
      retentionPeriod: Duration.days(WORK_QUEUE.retentionDays),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: WORK_QUEUE.maxReceives },
    });
  }
}
