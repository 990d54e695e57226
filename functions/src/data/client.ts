/**
 * The DynamoDB client, one per container, each call traced in X-Ray (observability/tracer.ts). Its endpoint comes
 * from the SDK's own variable (AWS_ENDPOINT_URL_DYNAMODB), which the local runtime sets. S3 and SQS have their own
 * clients, loaded by the first call that needs them (platform/files/objects.ts, platform/messaging/queue.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { madeFor } from '../config/on-first-use';
import { traced } from '../observability/tracer';

/** Tries of a single-item write that met a transaction in flight on its item. */
const CONFLICT_TRIES = 8;

/** Made once per container (again if the endpoint changes: the local runtime's tests start several, on-first-use.ts). */
export const documentClient = madeFor(makeClient, () => process.env.AWS_ENDPOINT_URL_DYNAMODB);

function makeClient(): DynamoDBDocumentClient {
  const ddb = DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  // A PutItem, UpdateItem or DeleteItem on an item a transaction is writing is refused by DynamoDB with
  // TransactionConflictException, which the SDK does not retry: it is sent again after a short random wait.
  ddb.middlewareStack.add(
    (next) => async (args) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await next(args);
        } catch (e) {
          if ((e as Error).name !== 'TransactionConflictException' || attempt >= CONFLICT_TRIES) throw e;
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(20 * 2 ** attempt, 1000)));
        }
      }
    },
    { step: 'initialize', name: 'retryTransactionConflicts' },
  );
  return ddb;
}
