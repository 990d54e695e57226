/**
 * The local DynamoDB creating a global secondary index on a table that holds items (UpdateTable with
 * GlobalSecondaryIndexUpdates Create), against the DynamoDB API reference: the index CREATING and backfilling, then
 * ACTIVE with an entry for every item holding its keys, and the requests DynamoDB refuses. Through the real SDK.
 */
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  type GlobalSecondaryIndexUpdate,
  PutItemCommand,
  QueryCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableActive } from './active';
import { MAX_GLOBAL_INDEXES } from './index-create';
import { failure, sdk } from './test-support';
import { startDynamo } from './transactions';

let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let client: ReturnType<typeof sdk>['client'];
/** While set, a backfill waits for it before reading the table's items. */
let held: Promise<void> | undefined;

beforeAll(async () => {
  dynamo = await startDynamo({ createTableMs: 0, updateTableMs: 0, beforeBackfill: () => held });
  ({ client } = sdk(dynamo.endpoint));
});
afterAll(() => dynamo.close());

const S = (s: string) => ({ S: s });
let tables = 0;

/** A table keyed PK/SK (on demand unless throughput is given), with `indexes` global indexes IDX1…IDXn, ACTIVE. */
async function table(indexes = 0, provisioned = false): Promise<string> {
  const TableName = `t-${++tables}`;
  const names = Array.from({ length: indexes }, (_, i) => `IDX${i + 1}`);
  await client.send(
    new CreateTableCommand({
      TableName,
      ...(provisioned
        ? { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } }
        : { BillingMode: 'PAY_PER_REQUEST' }),
      AttributeDefinitions: ['PK', 'SK', ...names.map((n) => `${n}PK`)].map((AttributeName) => ({
        AttributeName,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      ...(names.length
        ? {
            GlobalSecondaryIndexes: names.map((IndexName) => ({
              IndexName,
              KeySchema: [{ AttributeName: `${IndexName}PK`, KeyType: 'HASH' as const }],
              Projection: { ProjectionType: 'KEYS_ONLY' as const },
              ...(provisioned ? { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } } : {}),
            })),
          }
        : {}),
    }),
  );
  await tableActive(client, TableName);
  return TableName;
}

const create = (TableName: string, IndexName: string, extra: Partial<GlobalSecondaryIndexUpdate['Create']> = {}) =>
  client.send(
    new UpdateTableCommand({
      TableName,
      AttributeDefinitions: [
        { AttributeName: 'NPK', AttributeType: 'S' },
        { AttributeName: 'NSK', AttributeType: 'S' },
      ],
      GlobalSecondaryIndexUpdates: [
        {
          Create: {
            IndexName,
            KeySchema: [
              { AttributeName: 'NPK', KeyType: 'HASH' },
              { AttributeName: 'NSK', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
            ...extra,
          },
        },
      ],
    }),
  );

const describeIndex = async (TableName: string, name: string) => {
  const t = (await client.send(new DescribeTableCommand({ TableName }))).Table;
  return { table: t?.TableStatus, index: t?.GlobalSecondaryIndexes?.find((i) => i.IndexName === name) };
};

/** Asks until `done` says the description is what it waits for (a loaded machine backfills slowly: 50 s at most). */
async function until(TableName: string, name: string, done: (d: Awaited<ReturnType<typeof describeIndex>>) => boolean) {
  for (const deadline = Date.now() + 50_000; Date.now() < deadline; ) {
    const d = await describeIndex(TableName, name);
    if (done(d)) return d;
    await new Promise((wait) => setTimeout(wait, 20));
  }
  throw new Error(`${name} never came to the state waited for`);
}

const untilActive = (TableName: string, name: string) =>
  until(TableName, name, (d) => d.index?.IndexStatus === 'ACTIVE');

const query = async (TableName: string, pk: string) =>
  (
    await client.send(
      new QueryCommand({
        TableName,
        IndexName: 'NEW',
        KeyConditionExpression: 'NPK = :p',
        ExpressionAttributeValues: { ':p': S(pk) },
      }),
    )
  ).Items?.map((i) => [i.PK?.S, i.SK?.S, i.NSK?.S, Object.keys(i).sort().join(',')]);

describe('UpdateTable creating or deleting a global secondary index', () => {
  it('answers it CREATING and backfilling, then holds every item with its keys, as the index projects them', async () => {
    // Prepare: 1,200 items, more than a backfill batch: a third in the new index's partition "a", a third in "b",
    // a third without its keys; one with its sort key a number, which its definition (S) leaves out.
    const name = await table();
    const items = Array.from({ length: 1200 }, (_, i): Record<string, AttributeValue> => {
      const keys: Record<string, AttributeValue> =
        i % 3 === 0
          ? { NPK: S('a'), NSK: S(`k${String(i).padStart(4, '0')}`) }
          : i % 3 === 1
            ? { NPK: S('b'), NSK: S(`k${i}`) }
            : {};
      return { PK: S(`p${i}`), SK: S('A'), other: S('x'), ...keys };
    });
    for (let i = 0; i < items.length; i += 25)
      await client.send(
        new BatchWriteItemCommand({
          RequestItems: { [name]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    await client.send(
      new PutItemCommand({ TableName: name, Item: { PK: S('wrong'), SK: S('A'), NPK: S('a'), NSK: { N: '1' } } }),
    );
    // Act
    const answer = await create(name, 'NEW');
    const done = await untilActive(name, 'NEW');
    const a = await query(name, 'a');
    await client.send(
      new PutItemCommand({ TableName: name, Item: { PK: S('later'), SK: S('A'), NPK: S('a'), NSK: S('k9999') } }),
    );
    const after = await query(name, 'a');
    // Assess
    const described = answer.TableDescription;
    expect(described?.TableStatus).toBe('UPDATING');
    expect(described?.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexName: 'NEW',
      IndexStatus: 'CREATING',
      Backfilling: true,
    });
    expect(described?.AttributeDefinitions?.map((d) => d.AttributeName)).toEqual(['PK', 'SK', 'NPK', 'NSK']);
    expect(done).toMatchObject({
      table: 'ACTIVE',
      index: { IndexStatus: 'ACTIVE', Backfilling: false, ItemCount: 800 },
    });
    expect(a).toHaveLength(400);
    expect(a?.[0]).toEqual(['p0', 'A', 'k0000', 'NPK,NSK,PK,SK']);
    expect(a?.map((r) => r[2])).toEqual(a?.map((r) => r[2]).sort());
    expect(after).toHaveLength(401);
    expect(after?.at(-1)?.[0]).toBe('later');
    expect(await query(name, 'b')).toHaveLength(400);
  });

  it('refuses what DynamoDB refuses, and leaves the table as it was', async () => {
    // Prepare
    const name = await table(1);
    const full = await table(MAX_GLOBAL_INDEXES);
    const provisioned = await table(0, true);
    // Act
    const taken = await failure(create(name, 'IDX1'));
    const undefinedKey = await failure(
      client.send(
        new UpdateTableCommand({
          TableName: name,
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: 'NEW',
                KeySchema: [{ AttributeName: 'NOPE', KeyType: 'HASH' }],
                Projection: { ProjectionType: 'KEYS_ONLY' },
              },
            },
          ],
        }),
      ),
    );
    const throughput = await failure(
      create(name, 'NEW', { ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } }),
    );
    const noThroughput = await failure(create(provisioned, 'NEW'));
    const tooMany = await failure(create(full, 'NEW'));
    const two = await failure(
      client.send(
        new UpdateTableCommand({
          TableName: name,
          AttributeDefinitions: [{ AttributeName: 'NPK', AttributeType: 'S' }],
          GlobalSecondaryIndexUpdates: ['A1', 'A2'].map((IndexName) => ({
            Create: {
              IndexName,
              KeySchema: [{ AttributeName: 'NPK', KeyType: 'HASH' as const }],
              Projection: { ProjectionType: 'ALL' as const },
            },
          })),
        }),
      ),
    );
    const missing = await failure(create('t-none', 'NEW'));
    const unchanged = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
    // Assess
    expect([taken.name, taken.message]).toEqual([
      'ValidationException',
      'Attempting to create an index which already exists',
    ]);
    expect(undefinedKey.name).toBe('ValidationException');
    expect(undefinedKey.message).toContain('Some index key attributes are not defined in AttributeDefinitions');
    expect(throughput.message).toContain('ProvisionedThroughput should not be specified for index: NEW');
    expect(noThroughput.message).toContain('ProvisionedThroughput must be specified for index: NEW');
    expect(tooMany.message).toContain(`exceeds the per-table limit of ${MAX_GLOBAL_INDEXES}`);
    expect(two.name).toBe('LimitExceededException');
    expect(missing.name).toBe('ResourceNotFoundException');
    expect(unchanged?.TableStatus).toBe('ACTIVE');
    expect(unchanged?.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(['IDX1']);
    expect(unchanged?.AttributeDefinitions?.map((d) => d.AttributeName)).toEqual(['PK', 'SK', 'IDX1PK']);
  });

  it('creates one index at a time on a table, and leaves other updates to dynalite', async () => {
    // Prepare
    const name = await table();
    let resume = () => {};
    held = new Promise<void>((done) => {
      resume = done;
    });
    // Act: a second index asked for while the first backfills (held until then; released whatever happens, or
    // every later backfill of this file would wait for it)
    let meanwhile: Error;
    try {
      await create(name, 'NEW');
      meanwhile = await failure(create(name, 'NEXT'));
    } finally {
      resume();
      held = undefined;
    }
    await untilActive(name, 'NEW');
    const billing = await client.send(new UpdateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST' }));
    // Assess
    expect(meanwhile.name).toBe('ResourceInUseException');
    expect(billing.TableDescription?.TableName).toBe(name);
  });

  it('deletes an index: its entries gone with it, created again from the items as they are then', async () => {
    // Prepare: an index over two items, then one of them moved to another partition of it
    const name = await table();
    const put = (pk: string, npk: string) =>
      client.send(new PutItemCommand({ TableName: name, Item: { PK: S(pk), SK: S('A'), NPK: S(npk), NSK: S(pk) } }));
    await put('p1', 'a');
    await put('p2', 'a');
    await create(name, 'NEW');
    await untilActive(name, 'NEW');
    const before = await query(name, 'a');
    // Act
    const deleting = await client.send(
      new UpdateTableCommand({ TableName: name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'NEW' } }] }),
    );
    const gone = await until(name, 'NEW', (d) => d.table === 'ACTIVE');
    const described = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
    const queried = await failure(query(name, 'a'));
    const missing = await failure(
      client.send(
        new UpdateTableCommand({ TableName: name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'NEW' } }] }),
      ),
    );
    await put('p2', 'b');
    await create(name, 'NEW');
    await untilActive(name, 'NEW');
    // Assess
    expect(before).toHaveLength(2);
    expect(deleting.TableDescription?.GlobalSecondaryIndexes?.[0]?.IndexStatus).toBe('DELETING');
    expect(gone).toEqual({ table: 'ACTIVE', index: undefined });
    expect(described?.GlobalSecondaryIndexes).toBeUndefined();
    expect(described?.AttributeDefinitions?.map((d) => d.AttributeName)).toEqual(['PK', 'SK']);
    expect(queried.name).toBe('ValidationException');
    expect(missing.name).toBe('ResourceNotFoundException');
    expect((await query(name, 'a'))?.map((r) => r[0])).toEqual(['p1']);
    expect((await query(name, 'b'))?.map((r) => r[0])).toEqual(['p2']);
  });
});
