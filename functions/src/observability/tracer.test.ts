import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { traced } from './tracer';

const loggers = (stack: { identify(): string[] }) => stack.identify().filter((m) => m.startsWith('loggerMiddleware'));

describe('Method: traced', () => {
  it('takes the SDK’s logger middleware out of a client, and out of a document client made from it', () => {
    // Prepare: clients as the SDK makes them, which carry it
    const sqs = new SQSClient({});
    const ddb = new DynamoDBClient({});
    expect(loggers(sqs.middlewareStack)).toHaveLength(1);
    // Act
    traced(sqs);
    const documents = DynamoDBDocumentClient.from(traced(ddb));
    // Assert
    expect(loggers(sqs.middlewareStack)).toEqual([]);
    expect(loggers(documents.middlewareStack)).toEqual([]);
  });
});
