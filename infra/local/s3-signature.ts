/**
 * S3's check of a request's SigV4 signature, for the local S3 endpoint (s3-front.ts): s3rver takes any request,
 * signed or not, so that an unsigned PUT could write into another company's import. Here, as in S3, every request
 * but a browser's POST (whose policy s3-front checks) and a CORS preflight is signed with the emulator's
 * credentials, in its `Authorization` header (the SDK's calls) or in its query (a presigned URL: an export's
 * download), within its expiry, and with its clock within 15 minutes of ours. The signature is computed again by
 * the SDK's own signer from what the request says it signed, and compared in constant time.
 */
import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

export interface SigningKeys {
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
}

/** What S3 answers a request whose signature does not hold: its status, error code and message. */
export interface SignatureFault {
  status: number;
  code: string;
  message: string;
}

/** S3's allowed clock difference between the signer and the service. */
const SKEW_MS = 15 * 60_000;
/** A presigned URL lives at most seven days. */
const MAX_EXPIRES_S = 7 * 24 * 3600;

const bytes = (d: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** The signer's SHA-256 (and HMAC-SHA-256 given a secret) on node's crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const fault = (status: number, code: string, message: string): SignatureFault => ({ status, code, message });
const denied = (message: string) => fault(403, 'AccessDenied', message);
const mismatch = () =>
  fault(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );

const HEADER_AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const CREDENTIAL = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/;

/** 20261127T060000Z → its instant (NaN when malformed). */
const amzDate = (s: string | undefined) =>
  s && /^\d{8}T\d{6}Z$/.test(s)
    ? Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15))
    : Number.NaN;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function queryOf(search: URLSearchParams, leave: (key: string) => boolean): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of search) {
    if (leave(k)) continue;
    const had = query[k];
    query[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return query;
}

/** The headers a signature covers, as they came (a header sent twice is one value joined by commas). */
function signedHeaders(headers: IncomingHttpHeaders, names: string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value === undefined) return null;
    out[name] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

/**
 * Checks a request's SigV4 signature as S3 does: null when it holds, else what S3 answers. `url` is the raw
 * request target (path and query as sent).
 */
export async function checkSignature(
  keys: SigningKeys,
  req: { method?: string; url?: string; headers: IncomingHttpHeaders },
  now = Date.now(),
): Promise<SignatureFault | null> {
  const target = req.url ?? '/';
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  const search = new URLSearchParams(at < 0 ? '' : target.slice(at + 1));
  const signer = new SignatureV4({
    credentials: keys.credentials,
    region: keys.region,
    service: 's3',
    sha256: Sha256,
    // S3's canonical path is the path as sent, escaped once (the SDK's S3 signer says the same).
    uriEscapePath: false,
    applyChecksum: false,
  });
  const base = { method: req.method ?? 'GET', protocol: 'http:', hostname: 'local', path };

  const authorization = req.headers.authorization;
  if (authorization !== undefined) {
    const m = HEADER_AUTH.exec(authorization);
    if (!m) return fault(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
    const [, accessKey, day, region, names = '', signature = ''] = m;
    if (accessKey !== keys.credentials.accessKeyId)
      return fault(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (region !== keys.region)
      return fault(400, 'AuthorizationHeaderMalformed', `The region '${region}' is wrong; expecting '${keys.region}'.`);
    const date = req.headers['x-amz-date'] as string | undefined;
    const when = amzDate(date);
    if (Number.isNaN(when) || date?.slice(0, 8) !== day)
      return denied('AWS authentication requires a valid Date or x-amz-date header.');
    if (Math.abs(now - when) > SKEW_MS)
      return fault(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    const headers = signedHeaders(req.headers, names.split(';'));
    if (!headers) return mismatch();
    const signed = await signer.sign(
      { ...base, query: queryOf(search, () => false), headers },
      { signingDate: new Date(when), signableHeaders: new Set(Object.keys(headers)) },
    );
    const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1] ?? '';
    return sameText(expected, signature) ? null : mismatch();
  }

  if (search.has('X-Amz-Signature')) {
    if (search.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      return fault(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256".');
    const credential = CREDENTIAL.exec(search.get('X-Amz-Credential') ?? '');
    if (!credential) return fault(400, 'AuthorizationQueryParametersError', 'X-Amz-Credential is malformed.');
    const [, accessKey, day, region] = credential;
    if (accessKey !== keys.credentials.accessKeyId)
      return fault(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (region !== keys.region) return mismatch();
    const date = search.get('X-Amz-Date') ?? undefined;
    const when = amzDate(date);
    const expires = Number(search.get('X-Amz-Expires'));
    if (Number.isNaN(when) || date?.slice(0, 8) !== day || !Number.isInteger(expires) || expires < 1)
      return fault(400, 'AuthorizationQueryParametersError', 'X-Amz-Date and X-Amz-Expires are required and valid.');
    if (expires > MAX_EXPIRES_S)
      return fault(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be less than a week (604800 s).');
    if (when - SKEW_MS > now) return denied('Request is not valid yet.');
    if (when + expires * 1000 < now) return denied('Request has expired');
    const headers = signedHeaders(req.headers, (search.get('X-Amz-SignedHeaders') ?? '').split(';'));
    if (!headers) return mismatch();
    // A presigned request's payload is unsigned; the hash it names (in its query, where S3's presigner puts it)
    // is what the signer reads, as a header it neither signs nor moves into the query.
    const payload = search.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const presigned = await signer.presign(
      {
        ...base,
        query: queryOf(search, (k) => k === 'X-Amz-Signature'),
        headers: { ...headers, 'x-amz-content-sha256': payload },
      },
      {
        signingDate: new Date(when),
        expiresIn: expires,
        signableHeaders: new Set(Object.keys(headers)),
        unsignableHeaders: new Set(['x-amz-content-sha256']),
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    const expected = String(presigned.query?.['X-Amz-Signature'] ?? '');
    return sameText(expected, search.get('X-Amz-Signature') ?? '') ? null : mismatch();
  }

  return denied('Anonymous requests are not allowed: sign the request, or use a presigned URL.');
}
