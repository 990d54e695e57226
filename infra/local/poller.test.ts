import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { startPoller, type Worker } from './poller';

/** A queue in memory, answering the two commands the poller sends. */
function fakeQueue(bodies: string[]) {
  const waiting = bodies.map((body, i) => ({ MessageId: `m${i}`, ReceiptHandle: `r${i}`, Body: body }));
  const deleted: string[] = [];
  const client = {
    async send(command: unknown, options?: { abortSignal?: AbortSignal }) {
      if (command instanceof ReceiveMessageCommand) {
        const n = command.input.MaxNumberOfMessages ?? 1;
        const taken = waiting.splice(0, n);
        if (!taken.length) {
          // A long poll finding nothing: wait a little, unless stopped.
          await new Promise((r) => {
            const t = setTimeout(r, 20);
            options?.abortSignal?.addEventListener('abort', () => {
              clearTimeout(t);
              r(undefined);
            });
          });
        }
        return { Messages: taken };
      }
      if (command instanceof DeleteMessageBatchCommand) {
        deleted.push(...(command.input.Entries ?? []).map((e) => String(e.ReceiptHandle)));
        return {};
      }
      throw new Error('unexpected command');
    },
  } as unknown as SQSClient;
  return { client, deleted };
}

/** Polls the queue one message a batch until both its messages are deleted (5 s at most), then stops. */
async function pollUntilDone(client: SQSClient, deleted: string[], worker: Worker, concurrency?: number) {
  const poller = startPoller({
    client,
    queueUrl: 'q',
    queueArn: 'arn:q',
    worker,
    name: 'w',
    batchSize: 1,
    timeoutSeconds: 30,
    concurrency,
  });
  const until = Date.now() + 5_000;
  while (deleted.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  await poller.stop();
}

describe('Method: startPoller', () => {
  it('works as many batches at once as its concurrency: a long one does not hold back the next', async () => {
    // Prepare: two messages, one a batch; each worker call waits until the other has started too
    const { client, deleted } = fakeQueue(['long', 'next']);
    const started: string[] = [];
    let release: () => void = () => {};
    const bothStarted = new Promise<void>((r) => {
      release = r;
    });
    const worker: Worker = async (event) => {
      started.push(event.Records[0]?.body ?? '');
      if (started.length === 2) release();
      await Promise.race([bothStarted, new Promise((_, no) => setTimeout(() => no(new Error('held back')), 2_000))]);
      return { batchItemFailures: [] };
    };
    // Act
    await pollUntilDone(client, deleted, worker, 2);
    // Assess: both worked side by side, and both deleted as done
    expect(started.sort()).toEqual(['long', 'next']);
    expect(deleted.sort()).toEqual(['r0', 'r1']);
  });

  it('works one batch at a time by default', async () => {
    // Prepare
    const { client, deleted } = fakeQueue(['a', 'b']);
    let running = 0;
    let most = 0;
    const worker: Worker = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 30));
      running--;
      return { batchItemFailures: [] };
    };
    // Act
    await pollUntilDone(client, deleted, worker);
    // Assess
    expect(deleted).toHaveLength(2);
    expect(most).toBe(1);
  });
});
