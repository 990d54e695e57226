/**
 * Waiting for a table, or one of its global indexes, to be ACTIVE. DynamoDB answers CreateTable with the table
 * CREATING and UpdateTable's new index CREATING (backfilling), and refuses the table's items and updates until then;
 * so does the emulator, whose `createTableMs: 0` is still a timer a loaded machine may fire late. The local runtime
 * (`ensureTable`) and the emulator's tests wait through these.
 */
import { DescribeTableCommand, type DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';

const MAX_WAIT_S = 60;

/** Until the table is ACTIVE (the SDK's own waiter). */
export const tableActive = (client: DynamoDBClient, TableName: string) =>
  waitUntilTableExists({ client, maxWaitTime: MAX_WAIT_S, minDelay: 0.02, maxDelay: 0.2 }, { TableName });

/** Until the table's index is ACTIVE, its backfill done (the SDK has no waiter for an index). */
export async function indexActive(client: DynamoDBClient, TableName: string, IndexName: string): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_S * 1000;
  for (;;) {
    const table = (await client.send(new DescribeTableCommand({ TableName }))).Table;
    if (table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === IndexName)?.IndexStatus === 'ACTIVE') return;
    if (Date.now() > deadline) throw new Error(`${TableName}'s index ${IndexName} not ACTIVE after ${MAX_WAIT_S} s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
