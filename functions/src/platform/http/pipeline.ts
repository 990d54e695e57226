/**
 * The HTTP platform: builds a resource's Lambda from the route table. Each route gets the same pipeline:
 *   parse JSON (413 over the limit) → authenticate → check role level and module scope → validate
 *   path, query and body with the route's zod schemas (422) → service → JSON or CSV response.
 * Errors leave as `{ message, errors }`, translated to the caller's language; internals never leave.
 */

import { Readable } from 'node:stream';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { canAccess } from '@cellar/shared/access/roles';
import type { RouteDef } from '@cellar/shared/api/route';
import {
  checkListQuery,
  type ListQuery,
  parseListQuery,
  QueryError,
  refuseRepeated,
  wordQueryMessages,
} from '@cellar/shared/filter/query';
import { fieldMessages, type Language, pickLanguage, translate } from '@cellar/shared/i18n/messages';
import { unsafeTextPaths } from '@cellar/shared/validation/text';
import { MESSAGES } from '@cellar/shared/validation/validators';
import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpRouterHandler, { type Route } from '@middy/http-router';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from 'zod';
import { authenticate, type Caller } from '../../caller/principal';
import { config } from '../../config/config';
import {
  ConflictError,
  DomainError,
  describeError,
  ForbiddenError,
  InvalidError,
  MalformedRequestError,
  NotFoundError,
  TooLargeError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
} from '../../errors';
import { CORRELATION_HEADER, withCorrelation } from '../../observability/correlation';
import { logger } from '../../observability/logger';
import { tracer } from '../../observability/tracer';
import { clientAddress } from './viewer-address';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RequestContext<R extends RouteDef> {
  caller: R['access'] extends 0 ? Caller | null : Caller;
  params: Out<NonNullable<R['params']>>;
  query: Out<NonNullable<R['query']>>;
  body: Out<NonNullable<R['body']>>;
  /** The parsed list query, when the route is a list. */
  list: ListQuery;
  lang: Language;
  headers: Record<string, string | undefined>;
  sourceIp: string;
}

/**
 * A streamed answer (a document): its bytes leave as they are produced, through Lambda response streaming, without
 * being held whole in memory. Only the routes declared `stream: true` may answer one.
 */
export class HttpStream {
  constructor(
    readonly status: number,
    readonly body: Readable,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** What a streaming function hands Lambda: the status and headers, then the body piped into the response stream. */
type StreamedResult = Omit<APIGatewayProxyResult, 'body' | 'isBase64Encoded'> & { body: Readable };
type Result = APIGatewayProxyResult | StreamedResult;

/** A handler's explicit answer; anything else it returns is sent as JSON with the route's status. */
export class HttpResponse {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: Record<string, string> = {},
    readonly isBase64Encoded = false,
  ) {}
}

/** One handler per route of a resource's routes (its domain's `routes.ts`), typed from that route. */
export type ResourceHandlers<T extends Record<string, RouteDef>> = {
  [K in keyof T]: (ctx: RequestContext<T[K]>) => Promise<unknown>;
};

type Event = APIGatewayProxyEvent;
type Request = middy.Request<Event, APIGatewayProxyResult, Error, Context & { request?: RequestContext<RouteDef> }>;

const SECURITY_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

const json = (status: number, body: unknown): APIGatewayProxyResult => ({
  statusCode: status,
  headers: SECURITY_HEADERS,
  body: status === 204 ? '' : JSON.stringify(body ?? null),
});

/** JSON, or a JSON-based type (`application/problem+json`), with or without its charset. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

function decodeBody(event: Event): unknown {
  if (event.body === null || event.body === undefined || event.body === '') return undefined;
  // Headers are lower-cased by the normalizer; a body of another type is not read as if it were JSON.
  const type = (event.headers as Record<string, string | undefined>)['content-type'] ?? '';
  if (!JSON_TYPE.test(type)) throw new UnsupportedMediaTypeError();
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > config.maxBodyBytes) throw new TooLargeError();
  try {
    return JSON.parse(raw);
  } catch {
    throw new InvalidError({ body: ['validation.malformed_json'] });
  }
}

function queryEntries(event: Event): [string, string][] {
  const multi = event.multiValueQueryStringParameters;
  if (multi) return Object.entries(multi).flatMap(([k, vs]) => (vs ?? []).map((v) => [k, v] as [string, string]));
  return Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k, v ?? '']);
}

/** Path parameters arrive encoded from the router's match (API Gateway's own are already decoded). */
function decodeParams(params: Record<string, string | undefined> | null): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined) continue;
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

function parseWith<S extends z.ZodType | undefined>(schema: S, input: unknown, prefix = '') {
  if (!schema) return undefined;
  const out = schema.safeParse(input);
  if (out.success) return out.data;
  const fields = fieldMessages(out.error);
  throw new InvalidError(
    prefix ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v])) : fields,
  );
}

/** Authenticates and authorizes the caller for one route. */
const guard = (def: RouteDef): MiddlewareObj<Event> => ({
  before: async (request) => {
    const ctx = (request as Request).context;
    const headers = request.event.headers as Record<string, string | undefined>;
    const sourceIp = clientAddress(
      headers,
      request.event.requestContext?.identity?.sourceIp ?? '',
      config.behindCloudFront,
    );
    const caller = def.access === 0 ? null : await authenticate(headers, sourceIp);
    if (caller && !canAccess(caller, def.access, def.scopes)) throw new ForbiddenError();
    // A key never reaches a person's own routes (its profile, its sessions, the keys themselves).
    if (caller?.apiKey && def.sessionOnly) throw new ForbiddenError();
    ctx.request = { caller } as RequestContext<RouteDef>;
  },
});

/** Validates path, query and body, and fills the request context. */
const validate = (def: RouteDef): MiddlewareObj<Event> => ({
  before: async (request) => {
    const event = request.event;
    const ctx = (request as Request).context.request as RequestContext<RouteDef>;
    const headers = event.headers as Record<string, string | undefined>;
    ctx.headers = headers;
    ctx.lang = pickLanguage(headers['accept-language']);
    ctx.sourceIp = clientAddress(headers, event.requestContext?.identity?.sourceIp ?? '', config.behindCloudFront);
    const entries = queryEntries(event);
    if (def.list) {
      ctx.list = parseListQuery(entries);
      checkListQuery(ctx.list, def.list);
    } else {
      ctx.list = parseListQuery([]);
      refuseRepeated(entries);
      ctx.query = parseWith(def.query ?? z.object({}).strict(), Object.fromEntries(entries)) as never;
    }
    ctx.params = parseWith(def.params, decodeParams(event.pathParameters)) as never;
    const body = decodeBody(event);
    const unsafe = unsafeTextPaths(body);
    if (unsafe.length) throw new InvalidError(Object.fromEntries(unsafe.map((path) => [path, [MESSAGES.unsafeText]])));
    if (def.body) ctx.body = parseWith(def.body, body ?? {}) as never;
  },
});

/** The status of each kind of domain error: chosen here, once. */
const STATUS = new Map<abstract new (...args: never[]) => DomainError, number>([
  [MalformedRequestError, 400],
  [InvalidError, 422],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [TooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [TooManyRequestsError, 429],
]);

export const statusOf = (error: DomainError) => {
  for (const [kind, status] of STATUS) if (error instanceof kind) return status;
  return 500;
};

function errorResponse(error: unknown, lang: Language, requestId: string): APIGatewayProxyResult {
  if (error instanceof QueryError) {
    const errors = wordQueryMessages(error.messages, lang);
    return json(422, { message: translate(lang, 'api.invalid_data'), errors });
  }
  const status = error instanceof DomainError ? statusOf(error) : 500;
  if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
    const answer = json(status, describeError(error, lang));
    return { ...answer, headers: { ...answer.headers, 'Retry-After': String(error.retryAfterSeconds) } };
  }
  if (error instanceof DomainError && status < 500) return json(status, describeError(error, lang));
  logger.error('Unhandled error', { correlation_id: requestId, error: error as Error });
  return json(500, { message: translate(lang, 'api.server_error') });
}

/** API Gateway's id of the request: the correlation id of everything it causes (./correlation.ts). */
const requestIdOf = (event: Event): string => event.requestContext?.requestId ?? '';

/** The answer names the request's correlation id, for the caller to quote and the logs to be searched by. */
const correlationHeader = (): MiddlewareObj<Event, APIGatewayProxyResult> => {
  const add = async (request: middy.Request<Event, APIGatewayProxyResult>) => {
    const id = requestIdOf(request.event);
    if (request.response && id) request.response.headers = { ...request.response.headers, [CORRELATION_HEADER]: id };
  };
  return { after: add, onError: add };
};

/** One structured line per request: route, status and duration (never the body or the token). */
const accessLog = (): MiddlewareObj<Event, APIGatewayProxyResult> => {
  const started = new WeakMap<object, number>();
  const write = (request: middy.Request<Event, APIGatewayProxyResult>) => {
    const status = request.response?.statusCode ?? 500;
    logger[status >= 500 ? 'error' : 'info']('request', {
      correlation_id: requestIdOf(request.event),
      method: request.event.httpMethod,
      resource: request.event.resource,
      status,
      durationMs: Date.now() - (started.get(request) ?? Date.now()),
    });
  };
  return {
    before: async (request) => {
      started.set(request, Date.now());
    },
    after: async (request) => write(request),
    onError: async (request) => write(request),
  };
};

/** Turns any failure into the catalogue's shape, in the caller's language. */
const errors = (): MiddlewareObj<Event, APIGatewayProxyResult> => ({
  onError: async (request) => {
    const headers = (request.event.headers ?? {}) as Record<string, string | undefined>;
    const lang = pickLanguage(headers['accept-language'] ?? headers['Accept-Language']);
    const e = request.error as Error & { statusCode?: number };
    // The router's own 404 for an unknown path.
    const error = e?.statusCode === 404 && !(e instanceof DomainError) ? new NotFoundError() : e;
    request.response = errorResponse(error, lang, requestIdOf(request.event));
  },
});

function routeHandler(def: RouteDef, impl: (ctx: RequestContext<RouteDef>) => Promise<unknown>) {
  return middy<Event, Result>()
    .use(guard(def))
    .use(validate(def))
    .handler(async (_event, context) => {
      const ctx = (context as Request['context']).request as RequestContext<RouteDef>;
      const result = await impl(ctx);
      if (result instanceof HttpStream) {
        if (!def.stream) throw new Error(`Route ${def.method} ${def.path} does not stream`);
        return { statusCode: result.status, headers: { ...SECURITY_HEADERS, ...result.headers }, body: result.body };
      }
      if (result instanceof HttpResponse) {
        return {
          statusCode: result.status,
          headers: { ...SECURITY_HEADERS, ...result.headers },
          body: result.body,
          isBase64Encoded: result.isBase64Encoded,
        };
      }
      // The response schema also strips anything internal a service might have left on a record.
      return json(def.status ?? 200, def.response ? def.response.parse(result) : result);
    });
}

/**
 * A streaming function sends bytes, not a result to decode: an answer given in base64 (an XLSX file) leaves as its
 * bytes, as API Gateway's STREAM mode passes them on without binary media types.
 */
const bytesWhenStreamed = (): MiddlewareObj<Event, Result> => ({
  after: async (request) => {
    const r = request.response as APIGatewayProxyResult | undefined;
    if (!r?.isBase64Encoded || typeof r.body !== 'string') return;
    const { isBase64Encoded: _, body, ...rest } = r;
    request.response = { ...rest, body: Readable.from([Buffer.from(body, 'base64')]) };
  },
});

/** The pipeline every request goes through around its route (logs, headers, errors), from the router or a route. */
function edge(
  inner:
    | middy.MiddyfiedHandler<Event, Result>
    | middy.MiddyfiedHandler<Event, APIGatewayProxyResult>
    | ReturnType<typeof httpRouterHandler>,
  options: { stream?: boolean } = {},
) {
  // A streaming function (Lambda response streaming) pipes each answer into Lambda's response stream.
  const handler = inner as unknown as (...args: unknown[]) => Promise<unknown>;
  const stream = options.stream ?? false;
  return (
    middy<Event, Result>({ streamifyResponse: stream })
      // First, so that its `after` runs last, on the answer as the others leave it.
      .use(stream ? [bytesWhenStreamed()] : [])
      .use(captureLambdaHandler(tracer, { captureResponse: false }))
      .use(injectLambdaContext(logger, { resetKeys: true }))
      .use(correlationHeader())
      .use(accessLog())
      .use(httpHeaderNormalizer())
      .use(errors())
      .handler((event, ...rest) => withCorrelation(requestIdOf(event), () => handler(event, ...rest)) as never)
  );
}

/**
 * One route's whole pipeline, without the router: what the tests of the pipeline call with a route of their own.
 * @example await routePipeline(defineRoute({ … }), async ({ body }) => body)(event, context)
 */
export const routePipeline = (def: RouteDef, impl: (ctx: RequestContext<RouteDef>) => Promise<unknown>) =>
  edge(routeHandler(def, impl));

/**
 * The Lambda handler of one resource: its domain's routes (one resource each), each with its implementation. The
 * function bundles those routes only, not the whole table.
 * @example export const handler = resourceHandler(contactRoutes, { contactList: …, contactGet: … });
 */
export function resourceHandler<T extends Record<string, RouteDef>>(own: T, impls: ResourceHandlers<T>) {
  const implMap = impls as Record<string, (ctx: RequestContext<RouteDef>) => Promise<unknown>>;
  const routes: Route<Event, APIGatewayProxyResult>[] = Object.entries(own).map(([key, def]) => {
    const impl = implMap[key];
    if (!impl) throw new Error(`No handler for route ${key}`);
    // The router passes a streamed result through untouched (its body a stream, not a string).
    const handler = routeHandler(def, impl) as middy.MiddyfiedHandler<Event, APIGatewayProxyResult>;
    return { method: def.method, path: def.path, handler };
  });
  // Every API function answers through Lambda response streaming (API Gateway's STREAM transfer mode): no answer
  // is bound by the 6 MB a buffered result may weigh (a page of 5,000 orders weighs more), only by streaming's 200 MB.
  return edge(httpRouterHandler(routes), { stream: true });
}
