/**
 * The local API Gateway: turns an HTTP request into the REST API (v1) proxy event the deployed Lambda
 * receives, calls the same handler, and writes its response. Everything else is the SPA, served from
 * web/dist with the rewrite CloudFront applies in AWS.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { compilePath } from '@cellar/shared/api/path';
import { routeList } from '@cellar/shared/routes/table';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { compressedFile, isCompressible, pickEncoding } from './compression';
import { isStreaming, LocalResponseStream } from './lambda-streaming';

type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** API Gateway's own payload limit. */
const MAX_BODY = 10 * 1024 * 1024;
/** Lambda's limit on what a function invoked synchronously answers: its whole result, serialized as JSON. */
export const MAX_LAMBDA_RESPONSE = 6 * 1024 * 1024;

/**
 * Whether Lambda would refuse this result as too large (API Gateway then answers 502): the body as the result's
 * JSON writes it, escapes and base64 included.
 */
export const overLambdaResponseLimit = (result: APIGatewayProxyResult) =>
  Buffer.byteLength(JSON.stringify(result)) > MAX_LAMBDA_RESPONSE;
const handlers = new Map<string, Promise<ApiHandler>>();

function loadHandler(resource: string): Promise<ApiHandler> {
  let h = handlers.get(resource);
  if (!h) {
    h = import(`../../functions/src/${resource}/handler.ts`).then((m: { handler: ApiHandler }) => m.handler);
    handlers.set(resource, h);
  }
  return h;
}

const compiled = routeList.map((r) => ({ ...r, ...compilePath(r.path) }));

/** Which resource (Lambda) and resource path API Gateway would pick for a method and path. */
export function matchRoute(method: string, path: string) {
  return compiled.find((r) => r.method === method && r.regex.test(path));
}

export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const TEXT_BODY = /^(application\/(json|x-www-form-urlencoded)|text\/)/;

export function toEvent(req: IncomingMessage, url: URL, body: Buffer, resourcePath: string): APIGatewayProxyEvent {
  // Built as maps, then made objects with own properties only: a `__proto__` key is a key like another.
  const headerLists = new Map<string, string[]>();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headerLists.set(k, Array.isArray(v) ? v : [v]);
  const queryLists = new Map<string, string[]>();
  for (const [k, v] of url.searchParams) queryLists.set(k, [...(queryLists.get(k) ?? []), v]);
  const headers = Object.fromEntries([...headerLists].map(([k, vs]) => [k, vs.join(',')]));
  const multiValueHeaders = Object.fromEntries(headerLists);
  const query = Object.fromEntries([...queryLists].map(([k, vs]) => [k, vs.at(-1) ?? '']));
  const multi = Object.fromEntries(queryLists);
  const isText = TEXT_BODY.test(req.headers['content-type'] ?? 'application/json');
  const hasQuery = url.searchParams.size > 0;
  return {
    resource: resourcePath,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multi : null,
    pathParameters: null,
    stageVariables: null,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : null,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: req.method ?? 'GET',
      path: url.pathname,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath,
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (url.pathname === '/api/health') return send(res, 200, { status: 'ok' });
  const route = matchRoute(req.method ?? 'GET', url.pathname);
  // API Gateway answers unknown routes itself, before any Lambda.
  if (!route) return send(res, req.method === 'OPTIONS' ? 204 : 404, { message: 'Not Found' });
  const body = await readBody(req);
  if (body === 'too-large') return send(res, 413, { message: 'Request Too Long' });
  const event = toEvent(req, url, body, route.path);
  const handler = await loadHandler(route.resource);
  const context = lambdaContext(`cellar-${route.resource}`);
  // A streaming function (API Gateway's STREAM transfer mode): its bytes reach the client as it writes them.
  if (isStreaming(handler)) return handler(event, new LocalResponseStream(res), context);
  const result = await handler(event, context);
  // A streamed answer has no such limit; a buffered one over it fails in AWS, so it fails here.
  if (overLambdaResponseLimit(result)) return send(res, 502, { message: 'Internal server error' });
  const headers = { ...(result.headers ?? {}), ...(result.multiValueHeaders ?? {}) } as Record<string, string>;
  res.writeHead(result.statusCode, headers);
  res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
};

export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const base = resolve(root);
  // The CloudFront Function's rule: a path without a file extension is a route of the SPA.
  let path = '/index.html';
  if (extname(url.pathname)) {
    try {
      path = normalize(decodeURIComponent(url.pathname));
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad request');
      return;
    }
  }
  const file = join(base, path);
  const stat = file.startsWith(base) && existsSync(file) ? statSync(file) : undefined;
  if (!stat?.isFile()) {
    const index = join(base, 'index.html');
    if (!existsSync(index)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The web app is not built: run `npm run build -w web` (npm start does it for you).');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  const immutable = path.startsWith('/assets/');
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string | number> = {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  // As CloudFront with compression on: the answer depends on Accept-Encoding, for caches too.
  const compressible = isCompressible(type, stat.size);
  if (compressible) headers.vary = 'Accept-Encoding';
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = compressedFile(file, stat.mtimeMs, encoding);
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
    res.end(body);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': stat.size });
  createReadStream(file).pipe(res);
}
