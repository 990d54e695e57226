/**
 * The local DynamoDB's transactions against the DynamoDB API reference (TransactWriteItems, TransactGetItems,
 * TransactionCanceledException's CancellationReason, ClientRequestToken, and the developer guide's "capacity
 * management for transactions"), through the real AWS SDK v3 against the wrapped dynalite on 127.0.0.1:0.
 */
import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactGetItemsCommand,
  type TransactWriteItem,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTables, failure, MAIN, OTHER, PLAIN, raw, sdk } from './test-support';
import { startDynamo } from './transactions';

let now = 1_700_000_000_000;
let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let client: ReturnType<typeof sdk>['client'];
let doc: ReturnType<typeof sdk>['doc'];

beforeAll(async () => {
  dynamo = await startDynamo({ createTableMs: 0, clock: () => now, maxTokens: 50 });
  ({ client, doc } = sdk(dynamo.endpoint));
  await createTables(client);
});
afterAll(() => dynamo.close());

const S = (s: string) => ({ S: s });
const N = (n: number) => ({ N: String(n) });
const key = (pk: string, sk = 'A') => ({ PK: S(pk), SK: S(sk) });

async function get(pk: string, sk = 'A', table = MAIN) {
  return (await client.send(new GetItemCommand({ TableName: table, Key: key(pk, sk), ConsistentRead: true }))).Item;
}
const put = (item: Record<string, unknown>, table = MAIN) =>
  client.send(new PutItemCommand({ TableName: table, Item: item as never }));
const transact = (TransactItems: TransactWriteItem[], extra: Record<string, unknown> = {}) =>
  client.send(new TransactWriteItemsCommand({ TransactItems, ...extra }));

describe('TransactWriteItems applies its actions', () => {
  it('puts, updates (SET, REMOVE, ADD, DELETE), deletes and checks across two tables, indexes included', async () => {
    await put({ ...key('w1'), n: N(1), tags: { SS: ['a', 'b'] }, old: S('x') });
    await put({ ...key('w2'), GSI1PK: S('g'), GSI1SK: S('w2') });
    await put({ ...key('w3'), kind: S('lot') }, OTHER);
    await transact([
      {
        Put: {
          TableName: MAIN,
          Item: { ...key('w0'), GSI1PK: S('g'), GSI1SK: S('w0'), v: S('new') },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: MAIN,
          Key: key('w1'),
          UpdateExpression: 'SET #label = :label, GSI1PK = :g, GSI1SK = :sk REMOVE #old ADD n :two DELETE tags :a',
          ConditionExpression: 'n = :one',
          ExpressionAttributeNames: { '#label': 'label', '#old': 'old' },
          ExpressionAttributeValues: {
            ':label': S('L'),
            ':g': S('g'),
            ':sk': S('w1'),
            ':two': N(2),
            ':one': N(1),
            ':a': { SS: ['a'] },
          },
        },
      },
      { Delete: { TableName: MAIN, Key: key('w2'), ConditionExpression: 'attribute_exists(PK)' } },
      {
        ConditionCheck: {
          TableName: OTHER,
          Key: key('w3'),
          ConditionExpression: '#k = :lot',
          ExpressionAttributeNames: { '#k': 'kind' },
          ExpressionAttributeValues: { ':lot': S('lot') },
        },
      },
    ]);
    expect(await get('w0')).toEqual({ ...key('w0'), GSI1PK: S('g'), GSI1SK: S('w0'), v: S('new') });
    expect(await get('w1')).toEqual({
      ...key('w1'),
      n: N(3),
      tags: { SS: ['b'] },
      label: S('L'),
      GSI1PK: S('g'),
      GSI1SK: S('w1'),
    });
    expect(await get('w2')).toBeUndefined();
    expect(await get('w3', 'A', OTHER)).toEqual({ ...key('w3'), kind: S('lot') });
    const index = await client.send(
      new QueryCommand({
        TableName: MAIN,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :g',
        ExpressionAttributeValues: { ':g': S('g') },
      }),
    );
    expect(index.Items?.map((i) => i.GSI1SK?.S)).toEqual(['w0', 'w1']);
  });

  it('updates an item that is not there as UpdateItem does: the key plus what the expression sets', async () => {
    await transact([
      {
        Update: {
          TableName: MAIN,
          Key: key('fresh'),
          UpdateExpression: 'ADD n :one',
          ExpressionAttributeValues: { ':one': N(1) },
        },
      },
    ]);
    expect(await get('fresh')).toEqual({ ...key('fresh'), n: N(1) });
  });

  it('answers an empty object when nothing else is asked', async () => {
    const res = await raw(dynamo.endpoint, 'TransactWriteItems', {
      TransactItems: [{ Put: { TableName: MAIN, Item: key('wire-ok') } }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(res.headers.get('x-amz-crc32')).toMatch(/^\d+$/);
    expect(res.headers.get('x-amzn-requestid')).toHaveLength(52);
  });
});

describe('TransactWriteItems is all or nothing', () => {
  it('cancels every action when one condition fails, with a reason per action in request order', async () => {
    await put({ ...key('c1'), n: N(5) });
    await put({ ...key('c2'), n: N(5) });
    await put({ ...key('c4'), n: N(5) });
    const err = await failure(
      transact([
        {
          Update: {
            TableName: MAIN,
            Key: key('c1'),
            UpdateExpression: 'SET n = :z',
            ExpressionAttributeValues: { ':z': N(0) },
          },
        },
        { Put: { TableName: MAIN, Item: { ...key('c3'), n: N(1) } } },
        {
          ConditionCheck: {
            TableName: MAIN,
            Key: key('c2'),
            ConditionExpression: 'n > :ten',
            ExpressionAttributeValues: { ':ten': N(10) },
          },
        },
        {
          Delete: {
            TableName: MAIN,
            Key: key('c4'),
            ConditionExpression: 'n = :five',
            ExpressionAttributeValues: { ':five': N(5) },
          },
        },
      ]),
    );
    expect(err.name).toBe('TransactionCanceledException');
    expect(err.message).toBe(
      'Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, ConditionalCheckFailed, None]',
    );
    expect(err.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      { Code: 'None' },
    ]);
    expect((err.$metadata as { httpStatusCode: number }).httpStatusCode).toBe(400);
    expect(await get('c1')).toEqual({ ...key('c1'), n: N(5) });
    expect(await get('c3')).toBeUndefined();
    expect(await get('c4')).toEqual({ ...key('c4'), n: N(5) });
  });

  it('gives each failing action its reason, and the item when it asked for ALL_OLD', async () => {
    await put({ ...key('o1'), v: S('first') });
    await put({ ...key('o2'), v: S('second') });
    const err = await failure(
      transact([
        {
          Put: {
            TableName: MAIN,
            Item: key('o1'),
            ConditionExpression: 'attribute_not_exists(PK)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
        {
          Delete: {
            TableName: MAIN,
            Key: key('o2'),
            ConditionExpression: 'v = :x',
            ExpressionAttributeValues: { ':x': S('x') },
          },
        },
        {
          ConditionCheck: {
            TableName: MAIN,
            Key: key('o-missing'),
            ConditionExpression: 'attribute_exists(PK)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      ]),
    );
    expect(err.CancellationReasons).toEqual([
      {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        Item: { ...key('o1'), v: S('first') },
      },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    ]);
  });

  it('goes over the wire as DynamoDB sends it: 400, the type, Message and CancellationReasons', async () => {
    await put({ ...key('wire-c'), v: S('kept') });
    const res = await raw(dynamo.endpoint, 'TransactWriteItems', {
      TransactItems: [
        { Put: { TableName: MAIN, Item: key('wire-c'), ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { TableName: MAIN, Item: key('wire-d') } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      Message:
        'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
      CancellationReasons: [
        { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
        { Code: 'None' },
      ],
    });
  });

  it('reaches the document client: TransactWriteCommand throws with the CancellationReasons', async () => {
    await doc.send(
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName: MAIN, Item: { PK: 'd1', SK: 'A', n: 1 } } }] }),
    );
    const err = await failure(
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: MAIN, Item: { PK: 'd2', SK: 'A' } } },
            {
              Update: {
                TableName: MAIN,
                Key: { PK: 'd1', SK: 'A' },
                UpdateExpression: 'SET n = n + :one',
                ConditionExpression: 'n > :five',
                ExpressionAttributeValues: { ':one': 1, ':five': 5 },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
              },
            },
          ],
        }),
      ),
    );
    expect(err.name).toBe('TransactionCanceledException');
    expect(err.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { ...key('d1'), n: N(1) } },
    ]);
    expect(await get('d2')).toBeUndefined();
  });

  it('cancels with ValidationError when an update cannot apply or grows its item over 400 KB', async () => {
    await put({ ...key('u1'), name: S('text') });
    await put({ ...key('u2'), big: S('x'.repeat(300_000)) });
    const err = await failure(
      transact([
        {
          Update: {
            TableName: MAIN,
            Key: key('u1'),
            UpdateExpression: 'ADD #name :one',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':one': N(1) },
          },
        },
        {
          Update: {
            TableName: MAIN,
            Key: key('u2'),
            UpdateExpression: 'SET more = :more',
            ExpressionAttributeValues: { ':more': S('y'.repeat(200_000)) },
          },
        },
        { Put: { TableName: MAIN, Item: key('u3') } },
      ]),
    );
    expect(err.name).toBe('TransactionCanceledException');
    expect(err.CancellationReasons).toEqual([
      { Code: 'ValidationError', Message: 'An operand in the update expression has an incorrect data type' },
      { Code: 'ValidationError', Message: 'Item size to update has exceeded the maximum allowed size' },
      { Code: 'None' },
    ]);
    expect(await get('u3')).toBeUndefined();
  });

  it('cancels with ValidationError an action whose key does not fit its table', async () => {
    const err = await failure(
      transact([
        { Put: { TableName: MAIN, Item: { PK: N(5), SK: S('A') } } },
        { Delete: { TableName: MAIN, Key: { PK: S('k') } } },
        { Put: { TableName: MAIN, Item: key('k-ok') } },
      ]),
    );
    expect(err.name).toBe('TransactionCanceledException');
    expect(err.CancellationReasons).toEqual([
      {
        Code: 'ValidationError',
        Message: 'One or more parameter values were invalid: Type mismatch for key PK expected: S actual: N',
      },
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
      { Code: 'None' },
    ]);
    expect(await get('k-ok')).toBeUndefined();
  });
});

describe('TransactWriteItems refuses what DynamoDB refuses (ValidationException), writing nothing', () => {
  const validation = async (items: unknown[], message: string | RegExp) => {
    const err = await failure(transact(items as TransactWriteItem[]));
    expect(err.name).toBe('ValidationException');
    if (typeof message === 'string') expect(err.message).toBe(message);
    else expect(err.message).toMatch(message);
  };

  it('more than 100 actions, and none', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ Put: { TableName: MAIN, Item: key(`many-${i}`) } }));
    await validation(
      many,
      /^1 validation error detected: Value '.+' at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100$/s,
    );
    await validation(
      [],
      "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
    );
    expect(await get('many-0')).toBeUndefined();
    const hundred = many.slice(0, 100);
    await transact(hundred as TransactWriteItem[]);
    expect(await get('many-99')).toBeDefined();
  });

  it('two actions on one item, whatever the actions', async () => {
    const msg = 'Transaction request cannot include multiple operations on one item';
    await validation(
      [
        { Put: { TableName: MAIN, Item: key('dup') } },
        { ConditionCheck: { TableName: MAIN, Key: key('dup'), ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
      msg,
    );
    await validation(
      [
        { Delete: { TableName: MAIN, Key: key('dup') } },
        { Update: { TableName: MAIN, Key: key('dup'), UpdateExpression: 'REMOVE a' } },
      ],
      msg,
    );
    expect(await get('dup')).toBeUndefined();
    // The same key in two tables is two items.
    await transact([{ Put: { TableName: MAIN, Item: key('dup') } }, { Put: { TableName: OTHER, Item: key('dup') } }]);
  });

  it('an action naming no operation or several', async () => {
    const msg = 'TransactItems can only contain one of Check, Put, Update or Delete';
    await validation([{}], msg);
    await validation(
      [{ Put: { TableName: MAIN, Item: key('two-ops') }, Delete: { TableName: MAIN, Key: key('two-ops') } }],
      msg,
    );
    expect(await get('two-ops')).toBeUndefined();
  });

  it('an item over 400 KB, and more than 4 MB in all', async () => {
    await validation(
      [{ Put: { TableName: MAIN, Item: { ...key('huge'), v: S('x'.repeat(410_000)) } } }],
      'Item size has exceeded the maximum allowed size',
    );
    const items = Array.from({ length: 11 }, (_, i) => ({
      Put: { TableName: MAIN, Item: { ...key(`mb-${i}`), v: S('x'.repeat(390_000)) } },
    }));
    await validation(items, 'Transaction request cannot be larger than 4 MB');
    expect(await get('mb-0')).toBeUndefined();
    await transact(items.slice(0, 10) as TransactWriteItem[]);
    expect(await get('mb-9')).toBeDefined();
  });

  it('expressions that do not parse, or leave a value unused', async () => {
    await validation(
      [{ ConditionCheck: { TableName: MAIN, Key: key('expr'), ConditionExpression: 'attribute_not_exists(' } }],
      /^Invalid ConditionExpression: Syntax error; /,
    );
    await validation(
      [{ Update: { TableName: MAIN, Key: key('expr'), UpdateExpression: 'SET = 1' } }],
      /^Invalid UpdateExpression: Syntax error; /,
    );
    await validation(
      [
        {
          Delete: {
            TableName: MAIN,
            Key: key('expr'),
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':v': S('x') },
          },
        },
      ],
      'Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}',
    );
  });

  it('an empty string as a key value', async () => {
    await validation(
      [
        {
          Update: {
            TableName: MAIN,
            Key: key(''),
            UpdateExpression: 'SET a = :a',
            ExpressionAttributeValues: { ':a': S('a') },
          },
        },
      ],
      'One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: PK',
    );
  });

  it('an unknown ReturnConsumedCapacity, and a ClientRequestToken over 36 characters', async () => {
    await expect(
      transact([{ Put: { TableName: MAIN, Item: key('enum') } }], { ReturnConsumedCapacity: 'BOGUS' }),
    ).rejects.toThrow(
      "1 validation error detected: Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
    );
    await expect(
      transact([{ Put: { TableName: MAIN, Item: key('enum') } }], { ClientRequestToken: 'x'.repeat(37) }),
    ).rejects.toThrow(
      /at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36$/,
    );
    expect(await get('enum')).toBeUndefined();
  });

  it('a table that does not exist (ResourceNotFoundException)', async () => {
    const err = await failure(
      transact([
        { Put: { TableName: MAIN, Item: key('nf') } },
        { Put: { TableName: 'no-such-table', Item: key('nf') } },
      ]),
    );
    expect(err.name).toBe('ResourceNotFoundException');
    expect(err.message).toBe('Requested resource not found');
    expect(await get('nf')).toBeUndefined();
  });
});

describe('TransactWriteItems with a ClientRequestToken', () => {
  const increment = (pk: string): TransactWriteItem[] => [
    {
      Update: {
        TableName: MAIN,
        Key: key(pk),
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': N(1) },
      },
    },
  ];

  it('applies the same request with the same token once within 10 minutes, then as new', async () => {
    await transact(increment('tok'), { ClientRequestToken: 'token-1' });
    now += 9 * 60_000;
    await transact(increment('tok'), { ClientRequestToken: 'token-1' });
    expect((await get('tok'))?.n).toEqual(N(1));
    now += 61_000;
    await transact(increment('tok'), { ClientRequestToken: 'token-1' });
    expect((await get('tok'))?.n).toEqual(N(2));
  });

  it('refuses the same token with other parameters (IdempotentParameterMismatchException)', async () => {
    await transact(increment('tok-m'), { ClientRequestToken: 'token-2' });
    const err = await failure(transact(increment('tok-other'), { ClientRequestToken: 'token-2' }));
    expect(err.name).toBe('IdempotentParameterMismatchException');
    const err2 = await failure(
      transact(increment('tok-m'), { ClientRequestToken: 'token-2', ReturnConsumedCapacity: 'TOTAL' }),
    );
    expect(err2.name).toBe('IdempotentParameterMismatchException');
    expect(await get('tok-other')).toBeUndefined();
  });

  it('answers a repeated request with the read units of reading its items, not the write units', async () => {
    const items: TransactWriteItem[] = [
      { Put: { TableName: PLAIN, Item: { id: S('tok-cap'), v: S('x'.repeat(5000)) } } },
    ];
    const first = await transact(items, { ClientRequestToken: 'token-3', ReturnConsumedCapacity: 'TOTAL' });
    expect(first.ConsumedCapacity).toEqual([{ TableName: PLAIN, CapacityUnits: 10, WriteCapacityUnits: 10 }]);
    const again = await transact(items, { ClientRequestToken: 'token-3', ReturnConsumedCapacity: 'TOTAL' });
    expect(again.ConsumedCapacity).toEqual([{ TableName: PLAIN, CapacityUnits: 2, ReadCapacityUnits: 2 }]);
  });

  it('does not remember a cancelled transaction: sent again, it runs again', async () => {
    const items: TransactWriteItem[] = [
      { Put: { TableName: MAIN, Item: key('tok-c'), ConditionExpression: 'attribute_exists(PK)' } },
    ];
    expect((await failure(transact(items, { ClientRequestToken: 'token-4' }))).name).toBe(
      'TransactionCanceledException',
    );
    await put({ ...key('tok-c'), v: S('now there') });
    await transact(items, { ClientRequestToken: 'token-4' });
    expect(await get('tok-c')).toEqual(key('tok-c'));
  });

  it('forgets tokens past 10 minutes and keeps at most maxTokens', async () => {
    for (let i = 0; i < 60; i++) await transact(increment(`bound-${i}`), { ClientRequestToken: `bound-${i}` });
    // The 50 most recent are remembered: the first ten ran again, the last one did not.
    await transact(increment('bound-0'), { ClientRequestToken: 'bound-0' });
    await transact(increment('bound-59'), { ClientRequestToken: 'bound-59' });
    expect((await get('bound-0'))?.n).toEqual(N(2));
    expect((await get('bound-59'))?.n).toEqual(N(1));
    now += 10 * 60_000;
    await transact(increment('bound-59'), { ClientRequestToken: 'bound-59' });
    expect((await get('bound-59'))?.n).toEqual(N(2));
  });
});

describe('TransactWriteItems ReturnConsumedCapacity', () => {
  /** The capacity dynalite reports for the same write done alone. */
  const single = async (
    send: (rcc: { ReturnConsumedCapacity: 'TOTAL' }) => Promise<{ ConsumedCapacity?: { CapacityUnits?: number } }>,
  ) => (await send({ ReturnConsumedCapacity: 'TOTAL' })).ConsumedCapacity?.CapacityUnits as number;

  it('bills two write units per KB: exactly double the same write done alone', async () => {
    const item = (id: string, bytes: number) => ({ id: S(id), v: S('x'.repeat(bytes)) });
    for (const bytes of [10, 1500, 3500, 9000]) {
      const alone = await single((r) =>
        client.send(new PutItemCommand({ TableName: PLAIN, Item: item(`cap-a-${bytes}`, bytes), ...r })),
      );
      const tx = await transact([{ Put: { TableName: PLAIN, Item: item(`cap-t-${bytes}`, bytes) } }], {
        ReturnConsumedCapacity: 'TOTAL',
      });
      expect(tx.ConsumedCapacity).toEqual([
        { TableName: PLAIN, CapacityUnits: 2 * alone, WriteCapacityUnits: 2 * alone },
      ]);
    }
    // An update is billed on the larger of the item before and after; a delete on the item removed.
    const grow = { UpdateExpression: 'SET w = :w', ExpressionAttributeValues: { ':w': S('y'.repeat(2500)) } };
    const updateAlone = await single((r) =>
      client.send(new UpdateItemCommand({ TableName: PLAIN, Key: { id: S('cap-a-1500') }, ...grow, ...r })),
    );
    const updateTx = await transact([{ Update: { TableName: PLAIN, Key: { id: S('cap-t-1500') }, ...grow } }], {
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(updateTx.ConsumedCapacity?.[0]?.CapacityUnits).toBe(2 * updateAlone);
    const deleteAlone = await single((r) =>
      client.send(new DeleteItemCommand({ TableName: PLAIN, Key: { id: S('cap-a-9000') }, ...r })),
    );
    const deleteTx = await transact([{ Delete: { TableName: PLAIN, Key: { id: S('cap-t-9000') } } }], {
      ReturnConsumedCapacity: 'TOTAL',
    });
    expect(deleteTx.ConsumedCapacity?.[0]?.CapacityUnits).toBe(2 * deleteAlone);
    expect(deleteAlone).toBe(9);
  });

  it('adds each index whose entry is written, and two read units per 4 KB for a condition check (INDEXES)', async () => {
    await put({ ...key('cap-cc'), v: S('x'.repeat(5000)) });
    const res = await transact(
      [
        { Put: { TableName: MAIN, Item: { ...key('cap-i'), GSI1PK: S('g'), GSI1SK: S('s'), v: S('x'.repeat(1500)) } } },
        { Put: { TableName: OTHER, Item: key('cap-o') } },
        { Put: { TableName: MAIN, Item: key('cap-j') } },
        { ConditionCheck: { TableName: MAIN, Key: key('cap-cc'), ConditionExpression: 'attribute_exists(PK)' } },
      ],
      { ReturnConsumedCapacity: 'INDEXES' },
    );
    expect(res.ConsumedCapacity).toEqual([
      {
        TableName: MAIN,
        CapacityUnits: 4 + 2 + 4 + 4,
        ReadCapacityUnits: 4,
        WriteCapacityUnits: 10,
        Table: { CapacityUnits: 10, ReadCapacityUnits: 4, WriteCapacityUnits: 6 },
        GlobalSecondaryIndexes: { GSI1: { CapacityUnits: 4, WriteCapacityUnits: 4 } },
      },
      { TableName: OTHER, CapacityUnits: 2, WriteCapacityUnits: 2, Table: { CapacityUnits: 2, WriteCapacityUnits: 2 } },
    ]);
    // An update that leaves the index entry as it was writes no index entry; removing the index key deletes it.
    const same = await transact(
      [
        {
          Update: {
            TableName: MAIN,
            Key: key('cap-i'),
            UpdateExpression: 'SET GSI1SK = :s',
            ExpressionAttributeValues: { ':s': S('s') },
          },
        },
      ],
      { ReturnConsumedCapacity: 'INDEXES' },
    );
    expect(same.ConsumedCapacity?.[0]?.GlobalSecondaryIndexes).toBeUndefined();
    const removed = await transact(
      [{ Update: { TableName: MAIN, Key: key('cap-i'), UpdateExpression: 'REMOVE GSI1PK' } }],
      { ReturnConsumedCapacity: 'TOTAL' },
    );
    expect(removed.ConsumedCapacity).toEqual([{ TableName: MAIN, CapacityUnits: 8, WriteCapacityUnits: 8 }]);
  });
});

describe('TransactGetItems', () => {
  it('answers every Get in request order, {} for an item that is not there, projected when asked', async () => {
    await put({ ...key('g1'), a: S('1'), b: { M: { c: N(2), d: N(3) } } });
    await put({ ...key('g2'), a: S('2') }, OTHER);
    const res = await client.send(
      new TransactGetItemsCommand({
        TransactItems: [
          { Get: { TableName: OTHER, Key: key('g2') } },
          { Get: { TableName: MAIN, Key: key('g-missing') } },
          {
            Get: {
              TableName: MAIN,
              Key: key('g1'),
              ProjectionExpression: '#a, b.c',
              ExpressionAttributeNames: { '#a': 'a' },
            },
          },
        ],
      }),
    );
    expect(res.Responses).toEqual([
      { Item: { ...key('g2'), a: S('2') } },
      {},
      { Item: { a: S('1'), b: { M: { c: N(2) } } } },
    ]);
  });

  it('bills two read units per 4 KB of each item', async () => {
    await put({ ...key('g3'), v: S('x'.repeat(5000)) });
    const res = await client.send(
      new TransactGetItemsCommand({
        TransactItems: [{ Get: { TableName: MAIN, Key: key('g3') } }, { Get: { TableName: MAIN, Key: key('g-none') } }],
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(res.ConsumedCapacity).toEqual([{ TableName: MAIN, CapacityUnits: 6, ReadCapacityUnits: 6 }]);
  });

  it('refuses more than 100 Gets, none, two on one item, a missing table, a bad projection', async () => {
    const gets = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ Get: { TableName: MAIN, Key: key(`tg-${i}`) } }));
    const send = (TransactItems: unknown[]) =>
      client.send(new TransactGetItemsCommand({ TransactItems: TransactItems as never }));
    expect((await send(gets(100))).Responses).toHaveLength(100);
    await expect(send(gets(101))).rejects.toThrow(/Member must have length less than or equal to 100$/);
    await expect(send([])).rejects.toThrow(/Member must have length greater than or equal to 1$/);
    await expect(send([...gets(1), ...gets(1)])).rejects.toThrow(
      'Transaction request cannot include multiple operations on one item',
    );
    const missing = await failure(send([{ Get: { TableName: 'no-such-table', Key: key('x') } }]));
    expect(missing.name).toBe('ResourceNotFoundException');
    await expect(send([{ Get: { TableName: MAIN, Key: key('x'), ProjectionExpression: '!!!' } }])).rejects.toThrow(
      /^Invalid ProjectionExpression: Syntax error; /,
    );
    const badKey = await failure(send([{ Get: { TableName: MAIN, Key: { PK: S('x') } } }]));
    expect(badKey.name).toBe('TransactionCanceledException');
    expect(badKey.CancellationReasons).toEqual([
      { Code: 'ValidationError', Message: 'The provided key element does not match the schema' },
    ]);
  });
});

describe('the rest of DynamoDB is dynalite, unchanged', () => {
  it('answers a transaction request it cannot read as dynalite answers any request', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(dynamo.endpoint, {
        method: 'POST',
        headers: { 'X-Amz-Target': 'DynamoDB_20120810.TransactWriteItems', ...headers },
        body,
      });
    const json = { 'Content-Type': 'application/x-amz-json-1.0' };
    const signed = { ...json, Authorization: 'AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host, Signature=0' };
    const unsigned = await post(json, '{}');
    expect([unsigned.status, ((await unsigned.json()) as { __type: string }).__type]).toEqual([
      400,
      'com.amazon.coral.service#MissingAuthenticationTokenException',
    ]);
    const garbled = await post(signed, '{not json');
    expect([garbled.status, ((await garbled.json()) as { __type: string }).__type]).toEqual([
      400,
      'com.amazon.coral.service#SerializationException',
    ]);
    const text = await post({ ...signed, 'Content-Type': 'text/plain' }, '{}');
    expect([text.status, await text.text()]).toEqual([404, '<UnknownOperationException/>\n']);
  });

  it('answers single-item operations and their errors as before', async () => {
    await put({ ...key('plain'), v: S('x') });
    const err = await failure(
      client.send(
        new PutItemCommand({ TableName: MAIN, Item: key('plain'), ConditionExpression: 'attribute_not_exists(PK)' }),
      ),
    );
    expect(err).toBeInstanceOf(ConditionalCheckFailedException);
  });
});
