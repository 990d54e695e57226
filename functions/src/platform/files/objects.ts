/**
 * S3 objects: the client is loaded (`import()`) and created by the first call that needs it, so that a function
 * that never touches a file never pays for the S3 SDK at cold start; each call traced in X-Ray. Its endpoint comes
 * from the SDK's own variable (AWS_ENDPOINT_URL_S3), which the local runtime sets.
 */
import { PassThrough } from 'node:stream';
import type { GetObjectCommandInput, GetObjectCommandOutput, PutObjectCommandInput } from '@aws-sdk/client-s3';
import { config } from '../../config/config';
import { onFirstUse } from '../../config/on-first-use';
import { traced } from '../../observability/tracer';

const s3 = onFirstUse(
  async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = traced(
      new sdk.S3Client({
        forcePathStyle: config.s3ForcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    );
    return { sdk, client };
  },
  () => process.env.AWS_ENDPOINT_URL_S3,
);

export async function putObject(input: PutObjectCommandInput): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.PutObjectCommand(input));
}

export async function getObject(input: GetObjectCommandInput): Promise<GetObjectCommandOutput> {
  const { sdk, client } = await s3();
  return client.send(new sdk.GetObjectCommand(input));
}

/** What a streamed upload needs beside its body: where it goes and what it is. */
export type UploadTarget = Omit<PutObjectCommandInput, 'Body'>;

/** Parts of a streamed upload: S3's least (the last one may be smaller). */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
/** Parts sent at once: with the part being filled, at most this many plus one parts are in memory. */
export const UPLOAD_QUEUE = 2;

/**
 * Uploads what is written into the returned stream, as it comes: one PutObject when the whole of it fits one part,
 * else a multipart upload, parts of UPLOAD_PART_BYTES, UPLOAD_QUEUE at a time (bounded memory whatever the size).
 * `done` settles when the object is complete. Destroying the stream with an error fails the upload, which then
 * aborts its multipart upload (no part left behind, no object made).
 */
export async function uploadStream(target: UploadTarget): Promise<{ body: PassThrough; done: Promise<unknown> }> {
  const [{ client }, { Upload }] = await Promise.all([s3(), import('@aws-sdk/lib-storage')]);
  const body = new PassThrough();
  const upload = new Upload({
    client,
    params: { ...target, Body: body },
    partSize: UPLOAD_PART_BYTES,
    queueSize: UPLOAD_QUEUE,
    leavePartsOnError: false,
  });
  const done = upload.done();
  // Observed by the caller; a failure of the upload itself also stops what writes into it.
  done.catch((error: unknown) => body.destroy(error as Error));
  return { body, done };
}

/** A part of a multipart upload, as CompleteMultipartUpload names it. */
export interface UploadedPart {
  PartNumber: number;
  ETag: string;
}

/**
 * A multipart upload driven by its caller, part by part, for a file written over several invocations (an export
 * that goes on in a new one): the caller keeps the upload's id and its parts' ETags, and sends a part of any number
 * again to replace it (the last one sent under a number is the one completed).
 */
export const multipart = {
  async create(target: UploadTarget): Promise<string> {
    const { sdk, client } = await s3();
    const out = await client.send(new sdk.CreateMultipartUploadCommand(target));
    if (!out.UploadId) throw new Error(`No upload id for ${target.Key}`);
    return out.UploadId;
  },
  async part(target: { Bucket: string; Key: string; UploadId: string }, PartNumber: number, Body: Uint8Array) {
    const { sdk, client } = await s3();
    const out = await client.send(new sdk.UploadPartCommand({ ...target, PartNumber, Body }));
    if (!out.ETag) throw new Error(`No ETag for part ${PartNumber} of ${target.Key}`);
    return { PartNumber, ETag: out.ETag };
  },
  async complete(target: { Bucket: string; Key: string; UploadId: string }, Parts: readonly UploadedPart[]) {
    const { sdk, client } = await s3();
    await client.send(new sdk.CompleteMultipartUploadCommand({ ...target, MultipartUpload: { Parts: [...Parts] } }));
  },
  async abort(target: { Bucket: string; Key: string; UploadId: string }) {
    const { sdk, client } = await s3();
    await client.send(new sdk.AbortMultipartUploadCommand(target));
  },
};

/** Whether an object exists. */
export async function objectExists(input: { Bucket: string; Key: string }): Promise<boolean> {
  const { sdk, client } = await s3();
  try {
    await client.send(new sdk.HeadObjectCommand(input));
    return true;
  } catch (e) {
    if ((e as Error).name === 'NotFound' || (e as Error).name === 'NoSuchKey') return false;
    throw e;
  }
}

/** An object's bytes, whole (a small one). */
export async function getObjectBytes(input: { Bucket: string; Key: string }): Promise<Buffer> {
  const out = await getObject(input);
  if (!out.Body) throw new Error(`Empty object ${input.Key}`);
  return Buffer.from(await out.Body.transformToByteArray());
}

export async function deleteObject(input: { Bucket: string; Key: string }): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand(input));
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
