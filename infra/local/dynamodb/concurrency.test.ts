/**
 * Isolation and conflicts of the local DynamoDB's transactions, with real concurrency through the SDK. In 'reject'
 * mode (the default) conflicts are answered as the DynamoDB developer guide's "transaction conflict handling"
 * says: a TransactWriteItems meeting another in flight is cancelled with `TransactionConflict`, a PutItem,
 * UpdateItem or DeleteItem on an item of a transaction in flight fails with TransactionConflictException, a
 * TransactGetItems meeting a write in flight is cancelled, a GetItem is answered at once with the item as it was.
 * In 'wait' mode they queue instead. Either way, many transactions and single-item writes on the same items lose
 * nothing and half-apply nothing.
 */
import {
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactGetItemsCommand,
  type TransactGetItemsCommandOutput,
  type TransactWriteItem,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables, failure, MAIN, sdk } from './test-support';
import { type DynamoOptions, startDynamo } from './transactions';

const S = (s: string) => ({ S: s });
const N = (n: number) => ({ N: String(n) });
const key = (pk: string) => ({ PK: S(pk), SK: S('A') });

type Operation = Parameters<NonNullable<DynamoOptions['onLocked']>>[0];

/** Holds the next transaction of a kind once its items are locked, until `open()`. */
function holder() {
  let next: { op: Operation; reached: () => void; opened: Promise<void> } | undefined;
  return {
    onLocked: async (op: Operation) => {
      const h = next;
      if (!h || h.op !== op) return;
      next = undefined;
      h.reached();
      await h.opened;
    },
    hold(op: Operation) {
      let reached!: () => void;
      let open!: () => void;
      const isReached = new Promise<void>((r) => {
        reached = r;
      });
      const opened = new Promise<void>((r) => {
        open = r;
      });
      next = { op, reached, opened };
      return { reached: isReached, open };
    },
  };
}

async function emulator(conflicts: 'reject' | 'wait') {
  const gate = holder();
  const dynamo = await startDynamo({ createTableMs: 0, conflicts, onLocked: gate.onLocked });
  const { client } = sdk(dynamo.endpoint);
  await createTables(client);
  return { dynamo, client, gate };
}

const add = (pk: string, n: number): TransactWriteItem => ({
  Update: { TableName: MAIN, Key: key(pk), UpdateExpression: 'ADD n :n', ExpressionAttributeValues: { ':n': N(n) } },
});
const countOf = async (client: DynamoDBClient, pk: string) =>
  Number((await client.send(new GetItemCommand({ TableName: MAIN, Key: key(pk), ConsistentRead: true }))).Item?.n?.N);

describe("'reject': conflicts answered as DynamoDB answers them", () => {
  let env: Awaited<ReturnType<typeof emulator>>;
  beforeAll(async () => {
    env = await emulator('reject');
  });
  afterAll(() => env.dynamo.close());

  it('cancels a second transaction, refuses single-item writes, answers GetItem with the item as it was', async () => {
    const { client, gate } = env;
    for (const pk of ['x', 'y'])
      await client.send(new PutItemCommand({ TableName: MAIN, Item: { ...key(pk), n: N(0) } }));
    const held = gate.hold('TransactWriteItems');
    const first = client.send(new TransactWriteItemsCommand({ TransactItems: [add('x', 1), add('y', 1)] }));
    await held.reached;

    const second = await failure(
      client.send(new TransactWriteItemsCommand({ TransactItems: [add('z', 1), add('x', 1)] })),
    );
    expect(second.name).toBe('TransactionCanceledException');
    expect(second.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]',
    );
    expect(second.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
    ]);
    for (const single of [
      new PutItemCommand({ TableName: MAIN, Item: { ...key('x'), n: N(50) } }),
      new UpdateItemCommand({
        TableName: MAIN,
        Key: key('y'),
        UpdateExpression: 'ADD n :n',
        ExpressionAttributeValues: { ':n': N(50) },
      }),
    ]) {
      expect((await failure(client.send(single as never))).name).toBe('TransactionConflictException');
    }
    const read = await failure(
      client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: MAIN, Key: key('y') } }] })),
    );
    expect(read.name).toBe('TransactionCanceledException');
    expect(read.CancellationReasons).toEqual([
      { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' },
    ]);
    expect(await countOf(client, 'x')).toBe(0);
    await client.send(new PutItemCommand({ TableName: MAIN, Item: { ...key('unrelated'), n: N(1) } }));

    held.open();
    await first;
    expect([await countOf(client, 'x'), await countOf(client, 'y')]).toEqual([1, 1]);
    expect(await countOf(client, 'z')).toBeNaN();
  });

  it('answers TransactionInProgressException to the same token while its request runs, then replays it', async () => {
    const { client, gate } = env;
    const send = () =>
      client.send(new TransactWriteItemsCommand({ TransactItems: [add('tok', 1)], ClientRequestToken: 'in-flight' }));
    const held = gate.hold('TransactWriteItems');
    const first = send();
    await held.reached;
    expect((await failure(send())).name).toBe('TransactionInProgressException');
    held.open();
    await first;
    await send();
    expect(await countOf(client, 'tok')).toBe(1);
  });

  it('makes writes wait for a TransactGetItems in flight, which reads the items as they were', async () => {
    const { client, gate } = env;
    await client.send(new PutItemCommand({ TableName: MAIN, Item: { ...key('r'), n: N(7) } }));
    const read = () =>
      client.send(new TransactGetItemsCommand({ TransactItems: [{ Get: { TableName: MAIN, Key: key('r') } }] }));

    let held = gate.hold('TransactGetItems');
    let reading = read();
    await held.reached;
    const single = client.send(
      new UpdateItemCommand({
        TableName: MAIN,
        Key: key('r'),
        UpdateExpression: 'ADD n :n',
        ExpressionAttributeValues: { ':n': N(10) },
      }),
    );
    held.open();
    expect((await reading).Responses).toEqual([{ Item: { ...key('r'), n: N(7) } }]);
    await single;

    held = gate.hold('TransactGetItems');
    reading = read();
    await held.reached;
    const write = client.send(new TransactWriteItemsCommand({ TransactItems: [add('r', 1)] }));
    held.open();
    expect((await reading).Responses).toEqual([{ Item: { ...key('r'), n: N(17) } }]);
    await write;
    expect(await countOf(client, 'r')).toBe(18);
  });

  it('loses nothing and half-applies nothing under many concurrent transactions and single writes', {
    timeout: 30_000,
  }, async () => {
    const outcome = await stress(env.client);
    expect(outcome.balanced).toBe(true);
  });
});

describe("'wait': conflicts queue behind the locks", () => {
  let env: Awaited<ReturnType<typeof emulator>>;
  beforeAll(async () => {
    env = await emulator('wait');
  });
  afterAll(() => env.dynamo.close());

  it('applies a second transaction and a single write after the first, refusing nothing', async () => {
    const { client, gate } = env;
    for (const pk of ['x', 'y'])
      await client.send(new PutItemCommand({ TableName: MAIN, Item: { ...key(pk), n: N(0) } }));
    const held = gate.hold('TransactWriteItems');
    const first = client.send(new TransactWriteItemsCommand({ TransactItems: [add('x', 1), add('y', 1)] }));
    await held.reached;
    const others = [
      client.send(new TransactWriteItemsCommand({ TransactItems: [add('y', 10), add('x', 10)] })),
      client.send(
        new UpdateItemCommand({
          TableName: MAIN,
          Key: key('x'),
          UpdateExpression: 'ADD n :n',
          ExpressionAttributeValues: { ':n': N(100) },
        }),
      ),
      client.send(
        new TransactGetItemsCommand({
          TransactItems: [{ Get: { TableName: MAIN, Key: key('x') } }, { Get: { TableName: MAIN, Key: key('y') } }],
        }),
      ),
    ];
    expect(await countOf(client, 'x')).toBe(0);
    held.open();
    await first;
    const [, , read] = await Promise.all(others);
    const seen = (read as TransactGetItemsCommandOutput).Responses?.map((r) => Number(r.Item?.n?.N));
    // A snapshot: x and y moved together by the transactions, x alone by the single write.
    expect([
      [1, 1],
      [11, 11],
      [101, 1],
      [111, 11],
    ]).toContainEqual(seen);
    expect([await countOf(client, 'x'), await countOf(client, 'y')]).toEqual([111, 11]);
  });

  it('loses nothing and half-applies nothing under many concurrent transactions and single writes, refusing none', {
    timeout: 30_000,
  }, async () => {
    const outcome = await stress(env.client);
    expect(outcome.balanced).toBe(true);
    expect(outcome.conflicts).toBe(0);
  });
});

/**
 * Accounts `a*` receive transfers (transactions: debit under a condition, credit, a marker item) and deposits
 * (single UpdateItem); accounts `p*` receive transfers only, while TransactGetItems read all of them at once.
 * Conflicts are retried, as a client of DynamoDB retries them. At the end, the balances account for every
 * transfer and deposit that succeeded, each transfer left its marker, and every snapshot of `p*` summed to the
 * same total.
 */
async function stress(client: DynamoDBClient) {
  const A = Array.from({ length: 12 }, (_, i) => `a${i}`);
  const P = Array.from({ length: 8 }, (_, i) => `p${i}`);
  for (const pk of [...A, ...P]) {
    await client.send(new PutItemCommand({ TableName: MAIN, Item: { ...key(pk), n: N(100) } }));
  }
  let conflicts = 0;
  const isConflict = (e: Error & { CancellationReasons?: { Code?: string }[] }) =>
    e.name === 'TransactionConflictException' ||
    (e.name === 'TransactionCanceledException' &&
      (e.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));
  const retried = async <T>(send: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send();
      } catch (e) {
        if (!isConflict(e as Error)) throw e;
        conflicts++;
        // A random wait growing with the attempts, as DynamoDB's guidance for conflicts has it.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(2 ** attempt, 64)));
      }
    }
  };
  const pick = (list: string[], seed: number) => list[seed % list.length] as string;

  let transfers = 0;
  let refused = 0;
  let deposits = 0;
  const snapshots: number[] = [];
  const transfer = async (k: number) => {
    const group = k % 2 ? A : P;
    const from = pick(group, k * 7 + 1);
    const to = pick(group, k * 5 + 2 + (k % 3));
    if (from === to) return;
    const amount = 1 + (k % 5);
    try {
      await retried(() =>
        client.send(
          new TransactWriteItemsCommand({
            TransactItems: [
              {
                Update: {
                  TableName: MAIN,
                  Key: key(from),
                  UpdateExpression: 'SET n = n - :a',
                  ConditionExpression: 'n >= :a',
                  ExpressionAttributeValues: { ':a': N(amount) },
                },
              },
              add(to, amount),
              {
                Put: {
                  TableName: MAIN,
                  Item: { ...key(`transfer-${k}`), amount: N(amount) },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        ),
      );
      transfers++;
    } catch (e) {
      if ((e as Error).name !== 'TransactionCanceledException') throw e;
      refused++;
    }
  };
  const deposit = async (k: number) => {
    await retried(() =>
      client.send(
        new UpdateItemCommand({
          TableName: MAIN,
          Key: key(pick(A, k)),
          UpdateExpression: 'ADD n :one',
          ExpressionAttributeValues: { ':one': N(1) },
        }),
      ),
    );
    deposits++;
  };
  const snapshot = async () => {
    const res = await retried(() =>
      client.send(
        new TransactGetItemsCommand({ TransactItems: P.map((pk) => ({ Get: { TableName: MAIN, Key: key(pk) } })) }),
      ),
    );
    snapshots.push((res.Responses ?? []).reduce((sum, r) => sum + Number(r.Item?.n?.N), 0));
  };

  const work: Promise<void>[] = [];
  for (let k = 0; k < 160; k++) {
    work.push(transfer(k), deposit(k));
    if (k % 4 === 0) work.push(snapshot());
  }
  await Promise.all(work);

  const sum = async (list: string[]) =>
    (await Promise.all(list.map((pk) => countOf(client, pk)))).reduce((a, b) => a + b, 0);
  let markers = 0;
  for (let k = 0; k < 160; k++) {
    const marker = await client.send(
      new GetItemCommand({ TableName: MAIN, Key: key(`transfer-${k}`), ConsistentRead: true }),
    );
    if (marker.Item) markers++;
  }
  const balanced =
    (await sum(A)) === 100 * A.length + deposits &&
    (await sum(P)) === 100 * P.length &&
    markers === transfers &&
    deposits === 160 &&
    snapshots.length === 40 &&
    snapshots.every((s) => s === 100 * P.length);
  if (!balanced) console.error({ transfers, refused, deposits, markers, snapshots, a: await sum(A), p: await sum(P) });
  return { balanced, conflicts };
}
