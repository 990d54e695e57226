/** The local S3 endpoint's POST policy check, on forms the SDK's own createPresignedPost signs. */
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, REGION } from './emulators';
import { checkPostPolicy } from './s3-front';

const BUCKET = 'cellar-imports';
const KEY = 'incoming/01JOBJOBJOBJOBJOBJOBJOBJOB.csv';
const o = { credentials: CREDENTIALS, region: REGION };
let fields: Record<string, string>;

beforeAll(async () => {
  const client = new S3Client({
    region: REGION,
    credentials: CREDENTIALS,
    endpoint: 'http://127.0.0.1:1',
    forcePathStyle: true,
  });
  ({ fields } = await createPresignedPost(client as never, {
    Bucket: BUCKET,
    Key: KEY,
    Fields: { 'Content-Type': 'text/csv' },
    Conditions: [['content-length-range', 1, 100]],
    Expires: 900,
  }));
});

/** The S3 error code the check throws, or 'ok'. */
function verdict(form: Record<string, string | undefined>, size = 50, now = Date.now(), bucket = BUCKET): string {
  const map = new Map(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined));
  try {
    checkPostPolicy(o, bucket, map, size, now);
    return 'ok';
  } catch (e) {
    return (e as { code: string }).code;
  }
}

describe('checkPostPolicy', () => {
  it('takes the form as signed, field names in any case, x-ignore- fields unnamed', () => {
    expect(verdict(fields)).toBe('ok');
    const { 'Content-Type': type, ...rest } = fields;
    expect(verdict({ ...rest, 'content-type': type })).toBe('ok');
    expect(verdict({ ...fields, 'x-ignore-note': 'anything' })).toBe('ok');
  });

  it('holds the file to the size range', () => {
    expect(verdict(fields, 100)).toBe('ok');
    expect(verdict(fields, 101)).toBe('EntityTooLarge');
    expect(verdict(fields, 0)).toBe('EntityTooSmall');
  });

  it('holds the key, the content type and the bucket to the policy', () => {
    expect(verdict({ ...fields, key: 'incoming/OTHER.csv' })).toBe('AccessDenied');
    expect(verdict({ ...fields, key: undefined })).toBe('AccessDenied');
    expect(verdict({ ...fields, 'Content-Type': 'text/html' })).toBe('AccessDenied');
    expect(verdict(fields, 50, Date.now(), 'cellar-exports')).toBe('AccessDenied');
  });

  it('refuses a field the policy does not name', () => {
    expect(verdict({ ...fields, 'x-amz-meta-owner': 'me' })).toBe('AccessDenied');
    expect(verdict({ ...fields, acl: 'public-read' })).toBe('AccessDenied');
  });

  it('refuses a changed policy or signature, another key id, and a missing policy', () => {
    const policy = JSON.parse(Buffer.from(fields.Policy as string, 'base64').toString('utf8'));
    policy.expiration = '2999-01-01T00:00:00Z';
    const changed = Buffer.from(JSON.stringify(policy)).toString('base64');
    expect(verdict({ ...fields, Policy: changed })).toBe('SignatureDoesNotMatch');
    expect(verdict({ ...fields, 'X-Amz-Signature': '0'.repeat(64) })).toBe('SignatureDoesNotMatch');
    const credential = (fields['X-Amz-Credential'] as string).replace(/^[^/]+/, 'SOMEONE');
    expect(verdict({ ...fields, 'X-Amz-Credential': credential })).toBe('InvalidAccessKeyId');
    expect(verdict({ ...fields, Policy: undefined })).toBe('AccessDenied');
  });

  it('refuses the form once the policy has expired', () => {
    expect(verdict(fields, 50, Date.now() + 14 * 60_000)).toBe('ok');
    expect(verdict(fields, 50, Date.now() + 16 * 60_000)).toBe('AccessDenied');
  });
});
