import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { visibilityTimeoutSeconds, WORK_QUEUE } from '../../../functions/src/config/topology';

export interface WorkQueueProps {
  /** How long the consuming worker may run on one batch. */
  readonly workerTimeoutSeconds: number;
}

/** A job queue with its dead-letter queue: a message that keeps failing is parked there for inspection. */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly workerTimeout: Duration;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    this.workerTimeout = Duration.seconds(props.workerTimeoutSeconds);
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
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: WORK_QUEUE.maxReceives },
    });
  }
}
