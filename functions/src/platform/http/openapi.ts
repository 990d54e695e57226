/**
 * The OpenAPI 3.1 document of the API, generated from the route table and its zod schemas with zod's own
 * z.toJSONSchema: one operation per route, its operationId the route's key in the table. Responses are described
 * as the handlers send them (zod's output types: the response schema is what strips a record before it leaves),
 * parameters and bodies as callers may send them (input types: defaults make fields optional).
 * Pure and synchronous; the docs Lambda builds it once per container.
 */

import type { RouteDef } from '@cellar/shared/api/route';
import { apiKeyReaches } from '@cellar/shared/apiKeys/schemas';
import { errorBodySchema } from '@cellar/shared/common/schemas';
import { routes } from '@cellar/shared/routes/table';
import * as z from 'zod';
import pkg from '../../../package.json' with { type: 'json' };
import { LIST_FILTER, listFilterSchema, listParameters } from './openapi-list';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const SCHEMAS = '#/components/schemas/';
const ERROR_BODY = 'ErrorBody';
const ref = (name: string) => ({ $ref: SCHEMAS + name });

/** The words of the access levels (shared/src/auth/roles.ts): the type makes a new level a compile error here. */
const ROLE_OF_LEVEL: Record<RouteDef['access'], string> = {
  0: 'public',
  1: 'reader',
  2: 'writer',
  10: 'admin',
  100: 'superadmin',
};

const ERRORS = {
  401: ['Unauthorized', 'No valid token, or the user is inactive.'],
  403: ['Forbidden', 'The role is below the route’s level, or no module scope of the route is granted.'],
  404: ['NotFound', 'No such record for this caller (another company’s record is not found either).'],
  409: ['Conflict', 'The record changed meanwhile, or a unique value is taken.'],
  413: ['PayloadTooLarge', 'The body is over the size limit.'],
  415: ['UnsupportedMediaType', 'The body is not JSON (its Content-Type must be application/json).'],
  422: [
    'UnprocessableEntity',
    'Invalid input (a query parameter the operation does not read included): errors names each field with its messages.',
  ],
  429: ['TooManyRequests', 'Too many attempts: Retry-After says in how many seconds to try again.'],
} as const;
type ErrorStatus = keyof typeof ERRORS;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/**
 * Never throws on what JSON Schema cannot say: a transform's output or a custom check becomes {} (any value), a
 * recursive schema a $ref to itself.
 */
const conversion = (io: Io) =>
  ({
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    override: ({ jsonSchema }: { jsonSchema: Json }) => {
      // z.int()'s safe-integer bounds are zod's limits, not the API's: noise in the document.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as const;

/** Rewrites every $ref of a converted schema and drops the keywords a component of the document must not carry. */
function tidy(node: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => tidy(n, rewrite));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    // $id: a component is identified by its place in the document; $schema: the document names the dialect.
    if (k === '$id' || k === '$schema') continue;
    out[k] = k === '$ref' && typeof v === 'string' ? rewrite(v) : tidy(v, rewrite);
  }
  return out;
}

/** Converts one direction's named schemas at once, so that they refer to each other by name. */
function components(named: Map<z.ZodType, string>, io: Io): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { ...conversion(io), uri: (id) => SCHEMAS + id });
  // Schemas met in a cycle without a name of their own come in a __shared bag: each becomes a component.
  const { __shared, ...own } = schemas as Record<string, Json>;
  const bag = `${SCHEMAS}__shared#/$defs/`;
  const prefix = io === 'input' ? 'InputShared' : 'OutputShared';
  const loose = Object.entries((__shared?.$defs ?? {}) as Record<string, Json>).map(([k, v]) => [prefix + k, v]);
  const all = { ...own, ...Object.fromEntries(loose) };
  return tidy(all, (r) => (r.startsWith(bag) ? SCHEMAS + prefix + r.slice(bag.length) : r)) as Record<string, Json>;
}

const capitalised = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** Names responses and JSON bodies after their first route; a schema several routes share is one component. */
function nameSchemas(entries: [string, RouteDef][]) {
  const output = new Map<z.ZodType, string>([[errorBodySchema, ERROR_BODY]]);
  const input = new Map<z.ZodType, string>();
  const name = (map: Map<z.ZodType, string>, schema: z.ZodType, id: string) => {
    if (!map.has(schema)) map.set(schema, id);
  };
  for (const [key, r] of entries) {
    if (r.response) {
      name(output, r.response, `${capitalised(key)}Response`);
      // Named items also give a recursive tree (the product families) a name to refer to itself by.
      if (r.response instanceof z.ZodArray) name(output, r.response.element as z.ZodType, `${capitalised(key)}Item`);
    }
    if (r.body) name(input, r.body, `${capitalised(key)}Body`);
  }
  return { output, input };
}

/** A schema converted on its own, inlined where it is used (parameters). */
const inline = (schema: z.ZodType): Json => tidy(z.toJSONSchema(schema, conversion('input')), (r) => r) as Json;

const propertiesOf = (schema: z.ZodType | undefined) => {
  const json = schema ? inline(schema) : {};
  return {
    properties: (json.properties ?? {}) as Record<string, Json>,
    required: new Set((json.required ?? []) as string[]),
  };
};

function parameters(r: RouteDef): Json[] {
  const path = propertiesOf(r.params);
  const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const inPath = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: path.properties[name] ?? { type: 'string' },
  }));
  if (r.list) return [...inPath, ...listParameters(r.list)];
  const query = propertiesOf(r.query);
  const inQuery = Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required.has(name),
    schema,
  }));
  const inHeader = Object.entries(r.headers ?? {}).map(([name, { description, schema }]) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: inline(schema),
  }));
  return [...inPath, ...inQuery, ...inHeader];
}

function requestBody(r: RouteDef, input: Map<z.ZodType, string>): Json | undefined {
  if (!r.body) return undefined;
  return { required: true, content: { 'application/json': { schema: ref(input.get(r.body) as string) } } };
}

/**
 * The errors an operation may answer, as the pipeline (./http.ts) gives them. Whatever the route takes, a body sent
 * to it is read as JSON (413, 415), and a query parameter it does not read is refused (422). A GET's body is left
 * out: CloudFront refuses one before the API.
 */
function errorStatuses(r: RouteDef): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (r.access !== 0 || r.throttled) statuses.push(401);
  if (r.access !== 0) statuses.push(403);
  if (r.path.includes('{')) statuses.push(404);
  if (r.method !== 'GET') statuses.push(409, 413, 415);
  statuses.push(422);
  if (r.throttled || apiKeyReaches(r)) statuses.push(429);
  return statuses;
}

function responses(r: RouteDef, output: Map<z.ZodType, string>): Json {
  const status = r.status ?? 200;
  const content: Json = {};
  if (r.response && status !== 204) content['application/json'] = { schema: ref(output.get(r.response) as string) };
  if (r.csv) {
    content['text/csv'] = { schema: { type: 'string' } };
    content[XLSX] = { schema: { type: 'string', format: 'binary' } };
  }
  for (const type of r.files ?? []) content[type] = { schema: { type: 'string', format: 'binary' } };
  const success = { description: SUCCESS[status], ...(Object.keys(content).length ? { content } : {}) };
  const errors = errorStatuses(r).map((s) => [s, { $ref: `#/components/responses/${ERRORS[s][0]}` }]);
  return { [status]: success, ...Object.fromEntries(errors) };
}

function accessText(r: RouteDef): string {
  if (r.access === 0) return 'Public: no token needed.';
  const scopes = r.scopes?.length ? ` Module scopes: any of ${r.scopes.join(', ')}.` : '';
  const keys = r.sessionOnly ? ' A person’s own route: API keys are refused.' : '';
  return `Access: ${ROLE_OF_LEVEL[r.access]} and above (level ${r.access}).${scopes}${keys}`;
}

function operation(key: string, r: RouteDef, names: ReturnType<typeof nameSchemas>): Json {
  const params = parameters(r);
  const body = requestBody(r, names.input);
  return {
    operationId: key,
    tags: [r.resource],
    description: accessText(r),
    'x-access': { level: r.access, role: ROLE_OF_LEVEL[r.access], scopes: r.scopes ?? [] },
    security:
      r.access === 0 ? [] : [{ bearer: [] }, { impersonation: [] }, ...(apiKeyReaches(r) ? [{ apiKey: [] }] : [])],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(r, names.output),
  };
}

const DESCRIPTION = `The Cellar API, generated from its route table.

- JSON under /api. Authenticate with \`Authorization: Bearer <token>\` (POST /api/auth/token); an
  \`X-Impersonation-Token\` header wins over it. Each operation's \`x-access\` gives the role level it needs and the
  module scopes of which one must be granted.
- A client's system authenticates with an API key instead: \`Authorization: Bearer ck_…\`, made by the company's
  admin on the API keys page (shown once). A key reads, or reads and writes, within the modules it was given; it
  never reaches a person's own routes (its profile, sessions, grid layouts, the keys themselves). Each key makes at
  most a set number of requests a minute (600 by default), then gets 429 with \`Retry-After\`.
- The tenant comes from the token or the key: another company's record answers 404.
- Errors are \`{ message, errors? }\` (errors: field → messages), in the \`Accept-Language\` language (French by
  default). Sign-in and the password e-mail answer 401 for wrong credentials and 429 (with \`Retry-After\`) after
  too many attempts; a body that is not JSON is a 415.
- Lists take the filter language (filter, sort, include, page, paginate) and answer \`{ data, meta }\`; those with a
  CSV export take \`output=csv\` and \`columns\`.`;

export function openApiDocument(): Json {
  const entries = Object.entries(routes as Record<string, RouteDef>);
  const names = nameSchemas(entries);
  const paths: Record<string, Record<string, Json>> = {};
  for (const [key, r] of entries) {
    paths[r.path] ??= {};
    (paths[r.path] as Record<string, Json>)[r.method.toLowerCase()] = operation(key, r, names);
  }
  const retryAfter = { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } };
  const errorResponses = Object.values(ERRORS).map(([name, description]) => [
    name,
    {
      description,
      ...(name === 'TooManyRequests' ? { headers: retryAfter } : {}),
      content: { 'application/json': { schema: ref(ERROR_BODY) } },
    },
  ]);
  return {
    openapi: '3.1.0',
    info: { title: 'Cellar API', version: pkg.version, description: DESCRIPTION },
    tags: [...new Set(entries.map(([, r]) => r.resource))].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        ...components(names.output, 'output'),
        ...components(names.input, 'input'),
        [LIST_FILTER]: listFilterSchema,
      },
      responses: Object.fromEntries(errorResponses),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ck_<id>_<secret>',
          description: 'A client system’s API key, made on the API keys page.',
        },
        impersonation: { type: 'apiKey', in: 'header', name: 'X-Impersonation-Token' },
      },
    },
  };
}
