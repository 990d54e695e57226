/** What the local DynamoDB's tests share: clients of the real SDK, the tables they write, a raw HTTP call. */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableActive } from './active';

export const REGION = 'eu-west-3';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function sdk(endpoint: string, maxAttempts = 1) {
  const client = new DynamoDBClient({ endpoint, region: REGION, credentials, maxAttempts });
  return { client, doc: DynamoDBDocumentClient.from(client) };
}

/** A table as Cellar's (PK/SK and a global index), a second one, and one with a hash key only, all ACTIVE. */
export const MAIN = 'cellar-main';
export const OTHER = 'cellar-other';
export const PLAIN = 'cellar-plain';

export async function createTables(client: DynamoDBClient) {
  await client.send(
    new CreateTableCommand({
      TableName: MAIN,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK'].map((AttributeName) => ({
        AttributeName,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'GSI1',
          KeySchema: [
            { AttributeName: 'GSI1PK', KeyType: 'HASH' },
            { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  await client.send(
    new CreateTableCommand({
      TableName: OTHER,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'PK', AttributeType: 'S' },
        { AttributeName: 'SK', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
    }),
  );
  await client.send(
    new CreateTableCommand({
      TableName: PLAIN,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    }),
  );
  for (const table of [MAIN, OTHER, PLAIN]) await tableActive(client, table);
}

/**
 * A request as it travels, answered as it comes back: for what the SDK hides (status, `__type`, members' case).
 * The emulator, like dynalite, asks for a signature's presence, not its validity.
 */
export async function raw(endpoint: string, operation: string, body: unknown) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': `DynamoDB_20120810.${operation}`,
      'X-Amz-Date': '20250101T000000Z',
      Authorization: `AWS4-HMAC-SHA256 Credential=local/20250101/${REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

/** The error a promise rejects with (fails the test if it resolves). */
export async function failure(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected the request to fail');
}
