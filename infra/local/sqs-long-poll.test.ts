/**
 * The local SQS answers a long poll as SQS does: as soon as a message is there, not once the poll has waited its
 * whole time or gathered its `MaxNumberOfMessages` (local-aws-sqs 2.0.2 did the latter; patches/ mends it, applied on
 * install). The pollers long-poll 20 s, as Lambda's event source mapping does: without the mend, every message
 * waited out the poll in flight before its worker saw it. A waiting poll looks at its queue when a message becomes
 * receivable there (sent, its delay over, its visibility timeout ended), not every 10 ms as local-aws-sqs did: each
 * idle poller cost a hundred timer callbacks a second, and a runtime keeps one per queue. A message sent without a
 * delay is receivable at once (local-aws-sqs held it "delayed" until a timer of 0 ms had run: a poll a fast machine
 * answered before it took the messages sent earlier without that one).
 */

import type { AddressInfo } from 'node:net';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsServer } from 'local-aws-sqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CREDENTIALS, ensureQueue, REGION } from './emulators';

let server: Awaited<ReturnType<typeof createSqsServer>>;
let endpoint: string;

beforeAll(async () => {
  server = await createSqsServer({
    port: 0,
    hostname: '127.0.0.1',
    region: REGION,
    emulateQueueCreationLifecycle: false,
  });
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A queue of the local SQS (a visibility timeout of 30 s), and a client to it. */
async function queue(name: string) {
  const { queueUrl } = await ensureQueue(endpoint, name, 30);
  return { queueUrl, client: new SQSClient({ endpoint, region: REGION, credentials: CREDENTIALS }) };
}

describe('The local SQS (ReceiveMessage)', () => {
  it('answers a 20 s long poll for ten messages with the one sent while it waits, before the wait ends', async () => {
    // Prepare: a queue and a poll waiting on it
    const { queueUrl, client } = await queue('long-poll');
    const started = Date.now();
    const polled = client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 20 }),
    );
    // Act: one message sent while it waits
    await new Promise((r) => setTimeout(r, 200));
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'one' }));
    const answer = await polled;
    // Assert: that message, well before the 20 s (the bound leaves room for any machine's load)
    expect(answer.Messages?.map((m) => m.Body)).toEqual(['one']);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('still waits its whole time when nothing comes, and gathers what is there at once', async () => {
    // Prepare: three messages already waiting
    const { queueUrl, client } = await queue('gathered');
    for (const body of ['a', 'b', 'c'])
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
    // Act: a poll for ten, then one on the emptied queue
    const first = await client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 20 }),
    );
    const started = Date.now();
    const second = await client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    // Assert: the three together; nothing after a wait of its second
    expect(first.Messages?.map((m) => m.Body).sort()).toEqual(['a', 'b', 'c']);
    expect(second.Messages ?? []).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  }, 30_000);

  it('takes a message sent without a delay as receivable at once, never as delayed', async () => {
    // Prepare: a queue
    const { queueUrl, client } = await queue('undelayed');
    const delayed: string[] = [];
    for (let i = 0; i < 20; i++) {
      // Act: a message sent, then the queue's count of delayed messages asked at once
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: `m${i}` }));
      const { Attributes } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessagesDelayed'] }),
      );
      delayed.push(Attributes?.ApproximateNumberOfMessagesDelayed ?? '?');
    }
    // Assert: none ever counted delayed (local-aws-sqs held each one "delayed" until a timer of 0 ms had run, and a
    // poll arriving first took the messages sent before it without the last one)
    expect(delayed).toEqual(Array(20).fill('0'));
  });

  it('answers a waiting poll once a delayed message is due, before the wait ends', async () => {
    // Prepare: a poll waiting on an empty queue
    const { queueUrl, client } = await queue('delayed');
    const started = Date.now();
    const polled = client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 20 }),
    );
    // Act: a message sent with a delay of a second
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'later', DelaySeconds: 1 }));
    const answer = await polled;
    // Assert: the message, after its delay and well before the 20 s
    expect(answer.Messages?.map((m) => m.Body)).toEqual(['later']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('answers a waiting poll with a message whose visibility timeout ends, before the wait ends', async () => {
    // Prepare: a message received once, hidden for a second
    const { queueUrl, client } = await queue('visible-again');
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'again' }));
    const first = await client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1, VisibilityTimeout: 1 }),
    );
    expect(first.Messages?.map((m) => m.Body)).toEqual(['again']);
    // Act: a poll waiting while it is hidden
    const started = Date.now();
    const answer = await client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 20 }),
    );
    // Assert: the same message again, well before the 20 s
    expect(answer.Messages?.map((m) => m.Body)).toEqual(['again']);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('starts no timer that looks at the queue while a poll waits', async () => {
    // Prepare: the timers started from here on
    const { queueUrl, client } = await queue('quiet');
    const intervals = vi.spyOn(globalThis, 'setInterval');
    try {
      // Act: a poll waiting its second on an empty queue
      const answer = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, WaitTimeSeconds: 1 }));
      // Assert: nothing received, and no repeating timer started for it
      expect(answer.Messages ?? []).toEqual([]);
      expect(intervals.mock.calls.map(([, ms]) => ms)).toEqual([]);
    } finally {
      intervals.mockRestore();
    }
  }, 30_000);
});
