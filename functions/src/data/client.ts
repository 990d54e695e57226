/**
 * AWS SDK clients, one per container, each call traced in X-Ray (platform/tracer.ts). DynamoDB serves every function and loads with it; S3 and SQS are loaded
 * (`import()`) by the first call that needs them, so a function that never touches a file or a queue never pays
 * for their SDK packages at cold start. Endpoints come from the SDK's own service-specific variables
 * (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL_SQS), which the local runtime sets.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { GetObjectCommandInput, GetObjectCommandOutput, PutObjectCommandInput } from '@aws-sdk/client-s3';
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/config';
import { correlationAttributes } from '../platform/correlation';
import { tracer } from '../platform/tracer';

let ddb: DynamoDBDocumentClient | undefined;

export function documentClient(): DynamoDBDocumentClient {
  ddb ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return ddb;
}

/** A module and its client, loaded and created once, on first use. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

const s3 = onFirstUse(async () => {
  const sdk = await import('@aws-sdk/client-s3');
  const client = tracer.captureAWSv3Client(
    new sdk.S3Client({
      forcePathStyle: config.s3ForcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
  return { sdk, client };
});

const sqs = onFirstUse(async () => {
  const sdk = await import('@aws-sdk/client-sqs');
  return { sdk, client: tracer.captureAWSv3Client(new sdk.SQSClient({})) };
});

export async function putObject(input: PutObjectCommandInput): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.PutObjectCommand(input));
}

export async function getObject(input: GetObjectCommandInput): Promise<GetObjectCommandOutput> {
  const { sdk, client } = await s3();
  return client.send(new sdk.GetObjectCommand(input));
}

/** A link that downloads the object without credentials until it expires. */
export async function presignedGetUrl(input: GetObjectCommandInput, expiresIn: number): Promise<string> {
  const [{ sdk, client }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
  return getSignedUrl(client, new sdk.GetObjectCommand(input), { expiresIn });
}

/** What a presigned POST lets its holder upload: one object, of this type and size, until it expires. */
export interface PresignedPostInput {
  Bucket: string;
  Key: string;
  contentType: string;
  /** Bytes, both ends included. */
  minBytes: number;
  maxBytes: number;
  expiresIn: number;
}

/**
 * A presigned POST (S3's browser-based upload): the URL and the form fields that let a browser put exactly this
 * key, of this content type and within this size, without credentials, until it expires. The policy is signed
 * with the function's own credentials: the upload is only as good as its signer's s3:PutObject on the key.
 */
export async function presignedPost(
  input: PresignedPostInput,
): Promise<{ url: string; fields: Record<string, string> }> {
  const [{ client }, { createPresignedPost }] = await Promise.all([s3(), import('@aws-sdk/s3-presigned-post')]);
  return createPresignedPost(client as unknown as Parameters<typeof createPresignedPost>[0], {
    Bucket: input.Bucket,
    Key: input.Key,
    Fields: { 'Content-Type': input.contentType },
    Conditions: [['content-length-range', input.minBytes, input.maxBytes]],
    Expires: input.expiresIn,
  });
}

/** Sends a message carrying the correlation id of the work under way (platform/correlation.ts). */
export async function sendMessage(input: SendMessageCommandInput): Promise<void> {
  const { sdk, client } = await sqs();
  const MessageAttributes = { ...correlationAttributes(), ...input.MessageAttributes };
  await client.send(new sdk.SendMessageCommand({ ...input, MessageAttributes }));
}
