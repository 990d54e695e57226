/**
 * Lambda's SQS event-source mapping, locally: long-polls a queue, calls the worker with batches of up to
 * `batchSize` records, deletes what succeeded, and leaves the `batchItemFailures` (or the whole batch when
 * the worker throws) to reappear after the visibility timeout; the queue's redrive policy moves a message
 * to the DLQ after maxReceiveCount receives. As Lambda scales a queue's function out to its maximum concurrency, up
 * to `concurrency` batches are worked at once: a long import does not hold back the next one.
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { lambdaContext } from './gateway';

export type Worker = (
  event: SQSEvent,
  context: ReturnType<typeof lambdaContext>,
) => Promise<SQSBatchResponse | undefined>;

export interface PollerOptions {
  client: SQSClient;
  queueUrl: string;
  queueArn: string;
  worker: Worker;
  name: string;
  batchSize?: number;
  visibilityTimeout?: number;
  /** The worker's timeout, which its context reports as Lambda's does. */
  timeoutSeconds: number;
  /** How long a receive waits for a message: 20 s, the longest SQS allows, as Lambda's event source mapping polls. */
  waitSeconds?: number;
  /** Batches worked at once: the function's reserved concurrency (default 1). */
  concurrency?: number;
  onError?: (e: unknown) => void;
}

export function startPoller(o: PollerOptions): { stop(): Promise<void> } {
  let running = true;
  let abort = new AbortController();
  const loop = async () => {
    while (running) {
      try {
        const out = await o.client.send(
          new ReceiveMessageCommand({
            QueueUrl: o.queueUrl,
            MaxNumberOfMessages: o.batchSize ?? 10,
            WaitTimeSeconds: o.waitSeconds ?? 20,
            VisibilityTimeout: o.visibilityTimeout,
            AttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = out.Messages ?? [];
        if (!messages.length) continue;
        const records: SQSRecord[] = messages.map((m) => ({
          messageId: m.MessageId ?? '',
          receiptHandle: m.ReceiptHandle ?? '',
          body: m.Body ?? '',
          attributes: (m.Attributes ?? {}) as unknown as SQSRecord['attributes'],
          // As Lambda hands them over: the correlation id travels here (functions/src/observability/correlation.ts).
          messageAttributes: Object.fromEntries(
            Object.entries(m.MessageAttributes ?? {}).map(([name, a]) => [
              name,
              {
                dataType: a.DataType ?? 'String',
                stringValue: a.StringValue,
                stringListValues: [],
                binaryListValues: [],
              },
            ]),
          ),
          md5OfBody: m.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: o.queueArn,
          awsRegion: 'local',
        }));
        let failed: Set<string>;
        try {
          const result = await o.worker({ Records: records }, lambdaContext(o.name, o.timeoutSeconds * 1000));
          failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        } catch (e) {
          o.onError?.(e);
          failed = new Set(records.map((r) => r.messageId));
        }
        const done = records.filter((r) => !failed.has(r.messageId));
        if (done.length) {
          await o.client.send(
            new DeleteMessageBatchCommand({
              QueueUrl: o.queueUrl,
              Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
            }),
          );
        }
      } catch (e) {
        if (!running) break;
        o.onError?.(e);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const loops = Array.from({ length: Math.max(1, o.concurrency ?? 1) }, loop);
  return {
    async stop() {
      running = false;
      abort.abort();
      abort = new AbortController();
      await Promise.all(loops);
    },
  };
}
