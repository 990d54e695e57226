/**
 * The tables' descriptions kept parsed between their writes (table-cache.ts): an item operation reads a description
 * once, a write of it (put, del) forgets it, a read overlapping a write is not kept, and the table operations keep
 * their own copy to change. Then through the real SDK: a table deleted and created again with another key is known
 * at once by its item operations.
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  GetItemCommand,
  PutItemCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableActive } from './active';
import type { Store, TableDescription } from './internals';
import { cacheTableDescriptions } from './table-cache';
import { failure, sdk } from './test-support';
import { startDynamo } from './transactions';

type Callback = (err: Error | null, table?: TableDescription) => void;

/** A store whose description reads and writes are counted and answered when the test says. */
function fakeStore() {
  let stored: TableDescription = { TableName: 't', TableStatus: 'ACTIVE', version: 1 } as unknown as TableDescription;
  const reads: Callback[] = [];
  const writes: (() => void)[] = [];
  const store = {
    tableDb: {
      put: (_name: string, table: TableDescription, cb: (err?: Error | null) => void) =>
        writes.push(() => {
          stored = table;
          cb(null);
        }),
      del: (_name: string, cb: (err?: Error | null) => void) => writes.push(() => cb(null)),
    },
    getTable: (_name: string, _checkStatus: boolean, cb: Callback) => reads.push(cb),
  } as unknown as Store;
  cacheTableDescriptions(store);
  /** Answers the reads waiting, each with a fresh parse of what is stored. */
  const answerReads = () => {
    for (const cb of reads.splice(0)) cb(null, structuredClone(stored));
  };
  const finishWrites = () => {
    for (const w of writes.splice(0)) w();
  };
  const read = (checkStatus?: boolean) =>
    new Promise<TableDescription | undefined>((resolve, reject) => {
      const cb: Callback = (err, table) => (err ? reject(err) : resolve(table));
      if (checkStatus === undefined) (store.getTable as unknown as (n: string, cb: Callback) => void)('t', cb);
      else store.getTable('t', checkStatus, cb);
    });
  return {
    store,
    reads,
    answerReads,
    finishWrites,
    read,
    version: (t?: TableDescription) => (t as { version?: number })?.version,
  };
}

describe('the descriptions cache', () => {
  it('reads a description once for the item operations, until a write of it', async () => {
    const f = fakeStore();
    const first = f.read();
    expect(f.reads).toHaveLength(1);
    f.answerReads();
    expect(f.version(await first)).toBe(1);
    expect(f.version(await f.read())).toBe(1);
    expect(f.version(await f.read(true))).toBe(1);
    expect(f.reads).toHaveLength(0);

    f.store.tableDb.put(
      't',
      { TableName: 't', TableStatus: 'ACTIVE', version: 2 } as unknown as TableDescription,
      () => {},
    );
    f.finishWrites();
    const after = f.read();
    expect(f.reads).toHaveLength(1);
    f.answerReads();
    expect(f.version(await after)).toBe(2);
  });

  it.each([
    ['the read', false],
    ['the write', true],
  ])('keeps no read that overlapped a write (%s finished first)', async (_first, writeFirst) => {
    const f = fakeStore();
    const during = f.read();
    f.store.tableDb.put(
      't',
      { TableName: 't', TableStatus: 'ACTIVE', version: 2 } as unknown as TableDescription,
      () => {},
    );
    // The read answers what was stored before the write, before or after the write is done.
    const before = { TableName: 't', TableStatus: 'ACTIVE', version: 1 };
    if (writeFirst) f.finishWrites();
    for (const cb of f.reads.splice(0)) cb(null, before as unknown as TableDescription);
    expect(f.version(await during)).toBe(1);
    if (!writeFirst) f.finishWrites();
    const next = f.read();
    expect(f.reads).toHaveLength(1);
    f.answerReads();
    expect(f.version(await next)).toBe(2);
  });

  it('gives the table operations (checkStatus false) a read of their own, which they may change', async () => {
    const f = fakeStore();
    const item = f.read();
    f.answerReads();
    await item;
    const own = f.read(false);
    expect(f.reads).toHaveLength(1);
    f.answerReads();
    const mine = (await own) as unknown as { version: number };
    mine.version = 99;
    expect(f.version(await f.read())).toBe(1);
  });

  it('forgets on a delete', async () => {
    const f = fakeStore();
    const item = f.read();
    f.answerReads();
    await item;
    f.store.tableDb.del('t', () => {});
    f.finishWrites();
    f.read();
    expect(f.reads).toHaveLength(1);
  });
});

describe('a table deleted and created again (the real SDK)', () => {
  let dynamo: Awaited<ReturnType<typeof startDynamo>>;
  let client: ReturnType<typeof sdk>['client'];
  beforeAll(async () => {
    dynamo = await startDynamo({ createTableMs: 0, deleteTableMs: 0 });
    ({ client } = sdk(dynamo.endpoint));
  });
  afterAll(() => dynamo.close());

  const create = async (key: string) => {
    await client.send(
      new CreateTableCommand({
        TableName: 'again',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
        KeySchema: [{ AttributeName: key, KeyType: 'HASH' }],
      }),
    );
    await tableActive(client, 'again');
  };

  it('is known by its new key at once, and unknown in between', async () => {
    await create('id');
    await client.send(new PutItemCommand({ TableName: 'again', Item: { id: { S: 'a' } } }));
    await client.send(new DeleteTableCommand({ TableName: 'again' }));
    // dynalite deletes after its delay (0 here) on a timer: wait for the description to go.
    await new Promise((r) => setTimeout(r, 50));
    const gone = await failure(client.send(new GetItemCommand({ TableName: 'again', Key: { id: { S: 'a' } } })));
    expect(gone).toBeInstanceOf(ResourceNotFoundException);
    await create('code');
    await client.send(new PutItemCommand({ TableName: 'again', Item: { code: { S: 'b' } } }));
    const read = await client.send(new GetItemCommand({ TableName: 'again', Key: { code: { S: 'b' } } }));
    expect(read.Item).toEqual({ code: { S: 'b' } });
    const old = await failure(client.send(new PutItemCommand({ TableName: 'again', Item: { id: { S: 'c' } } })));
    expect(old.name).toBe('ValidationException');
  });
});
