import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUE_MAX_RECEIVES } from '../../../functions/src/platform/queue';

export interface WorkQueueProps {
  /** How long the consuming worker may run on one batch. */
  readonly workerTimeout: Duration;
}

/** A job queue with its dead-letter queue: a message that fails three times is parked for inspection. */
export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly workerTimeout: Duration;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    this.workerTimeout = props.workerTimeout;
    // SQS-managed keys, not KMS: S3 event notifications cannot write to a queue under the aws/sqs key.
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Lambda's advice for SQS event sources: at least six times the function timeout, so retries of a
      // throttled batch do not make a message visible again while it is still being worked on.
      visibilityTimeout: Duration.seconds(props.workerTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: QUEUE_MAX_RECEIVES },
    });
  }
}
