/**
 * A transaction is one LevelDB batch: a process killed (SIGKILL) at any moment leaves each transaction wholly on
 * disk or wholly absent, its index entries included. The local DynamoDB runs on a directory in a child process;
 * transactions of 99 counter updates and one marker run against it until it is killed at a random moment; it is
 * started again on the same directory and the store must read as a whole number of transactions: every counter
 * at the same value c, every counter's index entry at c, and exactly the markers of transactions 1 to c.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type DynamoDBClient, PutItemCommand, QueryCommand, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import { createTables, MAIN, sdk } from './test-support';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const COUNTERS = 99;
const ROUNDS = 8;
const S = (s: string) => ({ S: s });
const counter = (i: number) => ({ PK: S('counter'), SK: S(`c-${String(i).padStart(2, '0')}`) });
/** Each counter carries a kilobyte, so that a transaction's batch is some 200 KB to write. */
const PAYLOAD = 'p'.repeat(1024);

async function start(dir: string): Promise<{ child: ChildProcess; endpoint: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before listening`)));
  });
  lines.close();
  return { child, endpoint: (JSON.parse(first) as { endpoint: string }).endpoint };
}

const query = async (
  client: DynamoDBClient,
  input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>,
) => {
  const items = [];
  let ExclusiveStartKey: Record<string, never> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({ TableName: MAIN, ConsistentRead: !input.IndexName, ...input, ExclusiveStartKey }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey as typeof ExclusiveStartKey;
  } while (ExclusiveStartKey);
  return items;
};

/** How many transactions the store holds, after checking that it holds whole ones only. */
async function transactionsOnDisk(client: DynamoDBClient): Promise<number> {
  const counters = await query(client, {
    KeyConditionExpression: 'PK = :c',
    ExpressionAttributeValues: { ':c': S('counter') },
  });
  expect(counters).toHaveLength(COUNTERS);
  const c = Number(counters[0]?.n?.N);
  expect(counters.map((item) => Number(item.n?.N))).toEqual(Array(COUNTERS).fill(c));
  const entries = await query(client, {
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :c',
    ExpressionAttributeValues: { ':c': S('counters') },
  });
  expect(entries.map((item) => Number(item.n?.N))).toEqual(Array(COUNTERS).fill(c));
  const markers = await query(client, {
    KeyConditionExpression: 'PK = :m',
    ExpressionAttributeValues: { ':m': S('marker') },
  });
  expect(markers.map((m) => Number(m.k?.N)).sort((a, b) => a - b)).toEqual(Array.from({ length: c }, (_, i) => i + 1));
  return c;
}

const transaction = (k: number) =>
  new TransactWriteItemsCommand({
    TransactItems: [
      ...Array.from({ length: COUNTERS }, (_, i) => ({
        Update: {
          TableName: MAIN,
          Key: counter(i),
          UpdateExpression: 'ADD n :one SET k = :k',
          ExpressionAttributeValues: { ':one': { N: '1' }, ':k': { N: String(k) } },
        },
      })),
      {
        Put: {
          TableName: MAIN,
          Item: { PK: S('marker'), SK: S(`m-${k}`), k: { N: String(k) } },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ],
  });

it('leaves each transaction wholly on disk or wholly absent when the process is killed', {
  timeout: 60_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cellar-dynamodb-crash-'));
  try {
    let acknowledged = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const { child, endpoint } = await start(dir);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const { client } = sdk(endpoint);
      if (round === 0) {
        await createTables(client);
        for (let i = 0; i < COUNTERS; i++) {
          const item = {
            ...counter(i),
            GSI1PK: S('counters'),
            GSI1SK: counter(i).SK,
            n: { N: '0' },
            payload: S(PAYLOAD),
          };
          await client.send(new PutItemCommand({ TableName: MAIN, Item: item }));
        }
      }
      const onDisk = await transactionsOnDisk(client);
      // What was acknowledged is there; the one in flight when the process died may be there or not.
      expect([acknowledged, acknowledged + 1]).toContain(onDisk);
      acknowledged = onDisk;
      if (round === ROUNDS) {
        child.kill('SIGTERM');
        await exited;
        break;
      }
      setTimeout(() => child.kill('SIGKILL'), 50 + Math.random() * 250);
      try {
        for (;;) {
          await client.send(transaction(acknowledged + 1));
          acknowledged++;
        }
      } catch {
        // The process was killed: the connection closed under the request.
      }
      await exited;
      client.destroy();
    }
    expect(acknowledged).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
