/** The local S3 endpoint's SigV4 check, on requests the SDK itself signs and presigns. */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, REGION } from './emulators';
import { checkSignature } from './s3-signature';

const keys = { credentials: CREDENTIALS, region: REGION };
const HOST = '127.0.0.1:4569';

/** The request the SDK sends for a command, as the front receives it (its target and its headers). */
async function sent(command: PutObjectCommand | GetObjectCommand, credentials = CREDENTIALS) {
  const client = new S3Client({ region: REGION, credentials, endpoint: `http://${HOST}`, forcePathStyle: true });
  let captured: { method: string; url: string; headers: Record<string, string> } | undefined;
  client.middlewareStack.add(
    () => async (args) => {
      const r = args.request as {
        method: string;
        path: string;
        query: Record<string, string>;
        headers: Record<string, string>;
      };
      const query = new URLSearchParams(r.query).toString().replace(/\+/g, '%20');
      const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v]));
      captured = { method: r.method, url: `${r.path}${query ? `?${query}` : ''}`, headers: { host: HOST, ...headers } };
      return { output: {} as never, response: {} };
    },
    { step: 'finalizeRequest', priority: 'low' },
  );
  await client.send(command as never).catch(() => undefined);
  if (!captured) throw new Error('nothing sent');
  return captured;
}

const put = (Key = 'incoming/01JOB.csv') =>
  new PutObjectCommand({ Bucket: 'cellar-imports', Key, Body: 'code;label\nA;B\n', ContentType: 'text/csv' });

describe('Function: checkSignature', () => {
  it('takes what the SDK signs, keys with spaces and accents included', async () => {
    expect(await checkSignature(keys, await sent(put()))).toBeNull();
    expect(await checkSignature(keys, await sent(put('exports/a b/état+1.csv')))).toBeNull();
  });

  it('refuses an unsigned request, another key, a forged or replayed-late signature, and a changed request', async () => {
    const signed = await sent(put());
    const { authorization: _, ...unsigned } = signed.headers;
    expect((await checkSignature(keys, { ...signed, headers: unsigned }))?.code).toBe('AccessDenied');
    const stranger = await sent(put(), { accessKeyId: CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret' });
    expect((await checkSignature(keys, stranger))?.code).toBe('SignatureDoesNotMatch');
    const otherKey = await sent(put(), { accessKeyId: 'AKIAOTHER', secretAccessKey: 'x' });
    expect((await checkSignature(keys, otherKey))?.code).toBe('InvalidAccessKeyId');
    expect((await checkSignature(keys, { ...signed, url: '/cellar-imports/incoming/02OTHER.csv' }))?.code).toBe(
      'SignatureDoesNotMatch',
    );
    expect((await checkSignature(keys, { ...signed, method: 'DELETE' }))?.code).toBe('SignatureDoesNotMatch');
    expect((await checkSignature(keys, signed, Date.now() + 16 * 60_000))?.code).toBe('RequestTimeTooSkewed');
  });

  it('takes a presigned URL until it expires, and nothing changed in it', async () => {
    const client = new S3Client({
      region: REGION,
      credentials: CREDENTIALS,
      endpoint: `http://${HOST}`,
      forcePathStyle: true,
    });
    const url = new URL(
      await getSignedUrl(client, new GetObjectCommand({ Bucket: 'cellar-exports', Key: 'exports/1.csv' }), {
        expiresIn: 900,
      }),
    );
    const request = { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: HOST } };
    expect(await checkSignature(keys, request)).toBeNull();
    expect((await checkSignature(keys, request, Date.now() + 901_000))?.message).toBe('Request has expired');
    const other = { ...request, url: request.url.replace('exports/1.csv', 'exports/2.csv') };
    expect((await checkSignature(keys, other))?.code).toBe('SignatureDoesNotMatch');
    const longer = { ...request, url: request.url.replace('X-Amz-Expires=900', 'X-Amz-Expires=9000') };
    expect((await checkSignature(keys, longer))?.code).toBe('SignatureDoesNotMatch');
  });
});
