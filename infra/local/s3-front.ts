/**
 * The local S3 endpoint, as the functions' SDK and the browser see it: a front to s3rver that does what S3 does
 * and s3rver does not for browser-based uploads (POST Object with a presigned policy). s3rver stores any POST and
 * ignores its policy; here, as in S3, the policy's SigV4 signature (with the emulator's credentials), its expiry
 * and every condition (bucket, exact key or prefix, Content-Type, content-length-range, and no form field the
 * policy does not name) are checked first, and S3's XML errors answered. CORS is answered for the site's origin
 * only, as the import bucket's CORS rule does in AWS (infra/lib/data-stack.ts). Every other request must be signed
 * (SigV4 in its header or its query: s3-signature.ts), and then goes to s3rver as it came, so the SDK calls of the
 * functions are the ones that run in AWS.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSignature } from './s3-signature';

export interface S3FrontOptions {
  /** s3rver's own endpoint. */
  target: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  /** The origins a browser may post from (the site's), read on each request: the site listens after this. */
  allowedOrigins: () => readonly string[];
  /** The most bytes a POST body may have before its policy is read (far above any import). */
  maxPostBytes?: number;
}

export interface S3Front {
  url: string;
  close(): Promise<void>;
}

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function errorXml(code: string, message: string): string {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>${requestId}</RequestId></Error>`;
}

const policyFailed = (detail: string) => new S3Failure(403, 'AccessDenied', `Invalid according to Policy: ${detail}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4's signature of a POST policy: the policy (base64, as posted) signed with the day's derived key. */
export function policySignature(secret: string, date: string, region: string, policy: string): string {
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
  return hmac(key, policy).toString('hex');
}

type Condition = Record<string, string> | [string, string | number, string | number];

interface Policy {
  expiration: string;
  conditions: Condition[];
}

/** The fields S3 never asks the policy to name. */
const UNNAMED = new Set(['policy', 'x-amz-signature', 'file']);

/**
 * Checks a POST Object form as S3 does; throws the S3 error it would answer. `fields` are the form's text fields
 * before the file (names as posted), `size` the file's bytes.
 */
export function checkPostPolicy(
  o: Pick<S3FrontOptions, 'credentials' | 'region'>,
  bucket: string,
  fields: ReadonlyMap<string, string>,
  size: number,
  now = Date.now(),
): void {
  const field = (name: string) => {
    for (const [k, v] of fields) if (k.toLowerCase() === name.toLowerCase()) return v;
    return undefined;
  };
  const encoded = field('policy');
  if (!encoded) throw new S3Failure(403, 'AccessDenied', 'Bucket POST must contain a field named policy.');
  const credential = field('x-amz-credential') ?? '';
  const [accessKeyId, date = '', region = ''] = credential.split('/');
  if (accessKeyId !== o.credentials.accessKeyId)
    throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (field('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || region !== o.region)
    throw new S3Failure(400, 'InvalidArgument', 'The credential or the algorithm of the policy is not valid.');
  const expected = Buffer.from(policySignature(o.credentials.secretAccessKey, date, region, encoded));
  const given = Buffer.from(field('x-amz-signature') ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new S3Failure(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  let policy: Policy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Policy;
  } catch {
    throw new S3Failure(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (!(Date.parse(policy.expiration) > now)) throw policyFailed('Policy expired.');
  const named = new Set<string>();
  const formValue = (name: string) => (name.toLowerCase() === 'bucket' ? bucket : (field(name) ?? ''));
  for (const c of policy.conditions ?? []) {
    if (Array.isArray(c)) {
      const [op, a, b] = c;
      if (op === 'content-length-range') {
        if (size > Number(b))
          throw new S3Failure(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (size < Number(a))
          throw new S3Failure(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const name = String(a).replace(/^\$/, '');
      named.add(name.toLowerCase());
      const value = formValue(name);
      const ok = op === 'eq' ? value === String(b) : op === 'starts-with' ? value.startsWith(String(b)) : false;
      if (!ok) throw policyFailed(`Policy Condition failed: ${JSON.stringify(c)}`);
    } else {
      for (const [name, expectedValue] of Object.entries(c)) {
        named.add(name.toLowerCase());
        if (formValue(name) !== expectedValue)
          throw policyFailed(`Policy Condition failed: ${JSON.stringify(['eq', `$${name}`, expectedValue])}`);
      }
    }
  }
  const extra = [...fields.keys()].filter(
    (k) => !UNNAMED.has(k.toLowerCase()) && !k.toLowerCase().startsWith('x-ignore-') && !named.has(k.toLowerCase()),
  );
  if (extra.length) throw policyFailed(`Extra input fields: ${extra.join(', ')}`);
}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new S3Failure(400, 'MaxPostPreDataLengthExceeded', 'Your POST request is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A browser-based upload: POST /{bucket} with a form, no sub-resource. */
const isPostObject = (req: IncomingMessage, url: URL) =>
  req.method === 'POST' &&
  /^\/[^/]+\/?$/.test(url.pathname) &&
  url.search === '' &&
  /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

export async function startS3Front(o: S3FrontOptions): Promise<S3Front> {
  const maxPostBytes = o.maxPostBytes ?? 64 * 1024 * 1024;
  const target = new URL(o.target);

  const cors = (req: IncomingMessage, res: ServerResponse): boolean => {
    const origin = req.headers.origin;
    if (!origin || !o.allowedOrigins().includes(origin)) return false;
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    return true;
  };

  /** S3's answer to a browser-based upload, checked here, stored by s3rver. */
  async function postObject(req: IncomingMessage, res: ServerResponse, url: URL) {
    const bucket = decodeURIComponent(url.pathname.replace(/^\/|\/$/g, ''));
    const body = await readBody(req, maxPostBytes);
    let form: FormData;
    try {
      form = await new Request('http://s3/', {
        method: 'POST',
        body,
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
    } catch {
      throw new S3Failure(
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      );
    }
    // S3 reads the fields up to the file and ignores what follows it.
    const fields = new Map<string, string>();
    let file: Blob | undefined;
    for (const [name, value] of form) {
      if (name === 'file') {
        file = typeof value === 'string' ? new Blob([value]) : value;
        break;
      }
      if (typeof value === 'string') fields.set(name, value);
    }
    if (!file) throw new S3Failure(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    checkPostPolicy(o, bucket, fields, file.size);
    // What s3rver stores: the key, the content type, the user metadata and the file.
    const forward = new FormData();
    for (const [name, value] of fields) {
      const lower = name.toLowerCase();
      if (lower === 'key' || lower === 'content-type' || lower.startsWith('x-amz-meta-')) forward.append(name, value);
    }
    forward.append('file', file, 'file');
    const stored = await fetch(new URL(url.pathname, target), { method: 'POST', body: forward });
    const text = await stored.text();
    res.writeHead(stored.status, {
      ...(stored.headers.get('etag') ? { etag: stored.headers.get('etag') as string } : {}),
      ...(text ? { 'content-type': 'application/xml' } : {}),
    });
    res.end(text);
  }

  /** Anything else: to s3rver, as it came. */
  function pass(req: IncomingMessage, res: ServerResponse) {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  }

  const server = createServer((req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://s3');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      const allowed = cors(req, res) && req.headers['access-control-request-method'] === 'POST';
      if (!allowed) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(errorXml('AccessForbidden', 'CORSResponse: This CORS request is not allowed.'));
        return;
      }
      res.setHeader('access-control-allow-methods', 'POST');
      res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
      res.setHeader('access-control-max-age', '3000');
      res.writeHead(200).end();
      return;
    }
    if (!isPostObject(req, url)) {
      // Signed with the emulator's credentials, as S3 asks of every request but a policy's POST (s3-signature.ts).
      checkSignature(o, req)
        .then((failed) => {
          if (!failed) return pass(req, res);
          res.writeHead(failed.status, { 'content-type': 'application/xml', connection: 'close' });
          res.end(errorXml(failed.code, failed.message));
        })
        .catch(() => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/xml' });
          res.end(errorXml('InternalError', 'We encountered an internal error.'));
        });
      return;
    }
    cors(req, res);
    postObject(req, res, url).catch((e: unknown) => {
      const failure =
        e instanceof S3Failure ? e : new S3Failure(500, 'InternalError', 'We encountered an internal error.');
      if (res.headersSent) return res.end();
      // The rest of a refused body is not read: the connection goes with the answer.
      res.writeHead(failure.status, { 'content-type': 'application/xml', connection: 'close' });
      res.end(errorXml(failure.code, failure.message));
    });
  });
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(0, '127.0.0.1', ok);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
