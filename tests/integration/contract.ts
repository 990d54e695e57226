/**
 * The published contract, held to on every exchange of the integration tests: each answer of the API is checked
 * against the OpenAPI document the runtime serves (`/api/openapi.json`), and so is each request body a test sends.
 *
 * For a request to a documented operation (found by its method and path):
 * - the answer's status is one the operation documents (or a `4XX` range or `default` it documents);
 * - its content type is one the documented response lists, and an answer documented without content has no body;
 * - a JSON answer validates against the documented schema;
 * - when the answer is a success, the request's body is of a type the operation takes, and valid against its
 *   schema when it is JSON (a test sending an invalid body on purpose is answered a 4xx, and is not checked);
 * - when the answer is a success, so is its query: each parameter is one the operation documents in the query,
 *   given once, and its value is valid against the parameter's schema as its style reads it — a number or a
 *   boolean as text, a comma-joined list (form, not exploded) as its items, the deep object `filter[field]=v` and
 *   `filter[field][op]=v` as `{ field: v }` and `{ field: { op: v } }` (both forms of one field as
 *   `{ field: { eq: v, op: w } }`, `filter[field]` being its `eq`) — and every required one is there. The rule is
 *   the body's: a success is the server saying it read the query, and what it reads the document must describe;
 *   a test sending an invalid query on purpose expects a 4xx, and that is not checked.
 * A request outside /api, or to an /api path the document does not have, is not checked, unless it answers a
 * success: an operation answering is an operation the document must have.
 *
 * Violations are collected, not thrown on the spot (a test may well expect the answer it got): `verify()` throws
 * them all at once, which the harness does when it stops, so that the test file fails.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { type Call, httpCall } from '../fixtures/http';

/** What of an exchange is checked: everything, or only the answer (a request sent off-contract on purpose). */
export type Scope = 'all' | 'answer';

/** One request and its answer, as the checker needs them. */
export interface Exchange {
  method: string;
  /** As requested; its query string is ignored. */
  path: string;
  /** The request body's media type and text, when it had one. */
  request?: { type: string; text: string };
  status: number;
  contentType: string | null;
  text: string;
}

export interface Contract {
  /** httpCall to the runtime, each exchange checked. */
  call: Call;
  /** fetch of a path of the runtime, checked (a binary answer: its status and content type). */
  fetch(path: string, init?: RequestInit, scope?: Scope): Promise<Response>;
  check(exchange: Exchange, scope?: Scope): Promise<void>;
  /** The distinct violations met so far, one line each. */
  violations(): string[];
  /** Throws an error listing the violations, if any. */
  verify(): void;
}

type Json = Record<string, unknown>;
interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: SchemaObject;
}
interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  items?: SchemaObject;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; content?: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** Pages of the local runtime that are not API routes: its health probe and the documentation viewer. */
const RUNTIME_PAGES = /^\/api\/(health$|docs(\/|$))/;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const JSON_MEDIA = /^application\/([a-z0-9.+-]*\+)?json$/;

const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeKey = (k: string) => k.replace(/~1/g, '/').replace(/~0/g, '~');
const mediaOf = (type: string | null | undefined) => (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** The document of a runtime, its operations' path patterns and its validators, once per runtime. */
class Published {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; regex: RegExp; literals: number }[];

  constructor(readonly doc: OpenApi) {
    // Formats are left out, as zod writes a pattern beside each; strict, so that a schema it cannot read fails.
    this.ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, validateFormats: false });
    // The document's own fields are not JSON Schema keywords: declared, so that its schemas can be referred to in it.
    this.ajv.addVocabulary(Object.keys(doc));
    this.ajv.addSchema(doc, 'openapi.json');
    this.templates = Object.keys(doc.paths).map((template) => {
      const segments = template.split('/');
      const pattern = segments
        .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')))
        .join('/');
      return {
        template,
        regex: new RegExp(`^${pattern}$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
      };
    });
  }

  /** The documented path of a concrete one: the most literal of those it fits, for this method if one has it. */
  match(method: string, path: string): { template: string; operation?: Operation } | undefined {
    const fits = this.templates.filter((t) => t.regex.test(path)).sort((a, b) => b.literals - a.literals);
    const withMethod = fits.find((t) => this.doc.paths[t.template]?.[method]);
    if (withMethod) return { template: withMethod.template, operation: this.doc.paths[withMethod.template]?.[method] };
    return fits[0] && { template: fits[0].template };
  }

  /** The object a local reference (`#/components/…`) leads to, and the keys leading there. */
  resolve<T>(node: T & { $ref?: string }, keys: string[]): { node: T; keys: string[] } {
    let current: unknown = node;
    let at = keys;
    for (let hops = 0; hops < 10 && (current as { $ref?: unknown })?.$ref; hops++) {
      const ref = (current as { $ref: string }).$ref;
      if (!ref.startsWith('#/')) break;
      at = ref.slice(2).split('/').map(unescapeKey);
      current = at.reduce<unknown>((n, k) => (n as Json | undefined)?.[k], this.doc);
    }
    return { node: current as T, keys: at };
  }

  validator(keys: string[]): ValidateFunction {
    const pointer = `openapi.json#/${keys.map(escapeKey).join('/')}`;
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: pointer });
      this.validators.set(pointer, v);
    }
    return v;
  }
}

const published = new Map<string, Promise<Published>>();

function load(baseUrl: string): Promise<Published> {
  let p = published.get(baseUrl);
  if (!p) {
    p = (async () => {
      const res = await fetch(`${baseUrl}/api/openapi.json`);
      if (res.status !== 200) throw new Error(`GET /api/openapi.json: ${res.status}`);
      return new Published((await res.json()) as OpenApi);
    })();
    // A runtime not serving yet is asked again next time.
    p.catch(() => published.delete(baseUrl));
    published.set(baseUrl, p);
  }
  return p;
}

/** Ajv's first errors, each with the value's place and what is wrong with it. */
function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const lines = (errors ?? []).slice(0, 3).map((e) => {
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    const detail = extra ? ` (${extra})` : allowed ? ` (${allowed.join(', ')})` : '';
    return `${e.instancePath || '(root)'} ${e.message}${detail}`;
  });
  const more = (errors?.length ?? 0) > 3 ? `; and ${(errors?.length ?? 0) - 3} more` : '';
  return lines.join('; ') + more;
}

/** The media type of the documented content the answer's type is: exact, or a `type/*` or `*\/*` range. */
function documentedMedia(content: Record<string, MediaType>, media: string): string | undefined {
  const keys = Object.keys(content);
  return (
    keys.find((k) => k.toLowerCase() === media) ??
    keys.find((k) => k.endsWith('/*') && media.startsWith(k.slice(0, -1).toLowerCase())) ??
    keys.find((k) => k === '*/*')
  );
}

interface Violation {
  where: string;
  what: string;
  example: string;
  count: number;
}

/** Checks one exchange against the document; answers what is wrong with it (nothing: []). */
function judge(doc: Published, x: Exchange, scope: Scope): { where: string; what: string }[] {
  // The path the server receives: fetch resolves dot segments as URLs do (`/api/../x` asks for `/x`, the SPA's).
  const path = new URL(x.path, 'http://runtime.invalid').pathname;
  const method = x.method.toLowerCase();
  const success = x.status >= 200 && x.status < 300;
  if (!path.startsWith('/api/') || RUNTIME_PAGES.test(path)) return [];
  // A preflight is the gateway's (CORS), not an operation's.
  if (method === 'options' || !METHODS.includes(method)) return [];
  const found = doc.match(method, path);
  if (!found?.operation) {
    return success
      ? [{ where: `${x.method} ${path}`, what: `answers ${x.status}, but the document has no such operation` }]
      : [];
  }
  const op = found.operation;
  const where = `${x.method.toUpperCase()} ${found.template} (${op.operationId ?? '?'}) → ${x.status}`;
  const wrong: { where: string; what: string }[] = [];
  const say = (what: string) => wrong.push({ where, what });

  // (a) The status.
  const responses = op.responses ?? {};
  const status = String(x.status);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
  if (!key) {
    say(`status not documented (documented: ${Object.keys(responses).join(', ')})`);
  } else {
    const base = ['paths', found.template, method, 'responses', key];
    const { node: response, keys } = doc.resolve(responses[key] as ResponseObject, base);
    const content = response?.content ?? {};
    // (b) The content type.
    if (!Object.keys(content).length) {
      if (x.text !== '') say(`answers a body (${mediaOf(x.contentType) || 'no type'}) where the document has none`);
    } else {
      const media = mediaOf(x.contentType);
      const documented = documentedMedia(content, media);
      if (!documented) {
        say(`content type ${media || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`);
      } else if (JSON_MEDIA.test(documented) && content[documented]?.schema !== undefined) {
        // (c) The JSON body.
        let body: unknown;
        try {
          body = JSON.parse(x.text);
        } catch {
          say('answers a body that is not JSON');
        }
        if (body !== undefined) {
          const validate = doc.validator([...keys, 'content', documented, 'schema']);
          if (!validate(body)) say(`answer body: ${describeErrors(validate.errors)}`);
        }
      }
    }
  }

  // (d) The request body, when the request succeeded (a request refused may have been sent invalid on purpose).
  if (scope === 'all' && success && x.request) {
    const media = mediaOf(x.request.type);
    const requestBody = op.requestBody && doc.resolve(op.requestBody, ['paths', found.template, method, 'requestBody']);
    const content = requestBody?.node.content ?? {};
    const documented = documentedMedia(content, media);
    if (!requestBody) {
      say(`takes no request body, yet accepted one (${media || 'no type'})`);
    } else if (!documented) {
      say(`request body of type ${media || '(none)'} not documented (documented: ${Object.keys(content).join(', ')})`);
    } else if (JSON_MEDIA.test(documented) && content[documented]?.schema !== undefined) {
      let body: unknown;
      try {
        body = JSON.parse(x.request.text);
      } catch {
        say('accepted a request body that is not JSON');
      }
      if (body !== undefined) {
        const validate = doc.validator([...requestBody.keys, 'content', documented, 'schema']);
        if (!validate(body)) say(`request body: ${describeErrors(validate.errors)}`);
      }
    }
  }

  // (e) The query, when the request succeeded (a request refused may have been sent invalid on purpose).
  if (scope === 'all' && success) {
    const query = new URL(x.path, 'http://runtime.invalid').searchParams;
    for (const what of judgeQuery(doc, ['paths', found.template, method], op, query)) say(what);
  }
  return wrong;
}

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DEEP_KEY = /^([^[\]]+)\[([^[\]]*)\](?:\[([^[\]]*)\])?$/;

/** The types a schema allows (its `type`, after its reference). */
function typesOf(doc: Published, schema: SchemaObject | undefined): string[] {
  const resolved = schema && doc.resolve<SchemaObject>(schema, []).node;
  const type = resolved?.type;
  return Array.isArray(type) ? type : type ? [type] : [];
}

/** A query value's text as the schema reads it: a number or a boolean when the schema is one, else the text. */
function scalar(doc: Published, text: string, schema: SchemaObject | undefined): unknown {
  const types = typesOf(doc, schema);
  if ((types.includes('integer') || types.includes('number')) && NUMBER_TEXT.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * What is wrong with a query against an operation's documented query parameters (nothing: []): each one given is
 * documented and valid as its style reads it, given once, and each required one is given.
 */
function judgeQuery(doc: Published, base: string[], op: Operation, query: URLSearchParams): string[] {
  const wrong: string[] = [];
  const documented = new Map<string, { parameter: Parameter; keys: string[] }>();
  (op.parameters ?? []).forEach((p, i) => {
    const { node, keys } = doc.resolve<Parameter>(p, [...base, 'parameters', String(i)]);
    if (node?.in === 'query') documented.set(node.name, { parameter: node, keys });
  });
  /** The value each documented parameter was given, as its schema reads it. */
  const given = new Map<string, unknown>();
  const seen = new Set<string>();
  for (const [key, text] of query) {
    if (seen.has(key)) {
      wrong.push(`query parameter ${key} given more than once`);
      continue;
    }
    seen.add(key);
    const deep = DEEP_KEY.exec(key);
    const deepName = deep?.[1] ?? '';
    const deepParameter = documented.get(deepName)?.parameter;
    if (deep && deepParameter?.style === 'deepObject') {
      const [, , field = '', op_] = deep;
      const object = (given.get(deepName) ?? {}) as Record<string, unknown>;
      const before = object[field];
      if (op_ === undefined) {
        // filter[field]=v beside filter[field][op]=w: v is the field's eq.
        if (before !== undefined && typeof before === 'object') (before as Record<string, string>).eq = text;
        else object[field] = text;
      } else {
        const ops = typeof before === 'string' ? { eq: before } : ((before ?? {}) as Record<string, string>);
        ops[op_] = text;
        object[field] = ops;
      }
      given.set(deepName, object);
      continue;
    }
    const found = documented.get(key);
    if (!found || found.parameter.style === 'deepObject') {
      wrong.push(`query parameter ${key} not documented (documented: ${[...documented.keys()].join(', ') || 'none'})`);
      continue;
    }
    const { parameter } = found;
    const types = typesOf(doc, parameter.schema);
    // A list in a form-style parameter that is not exploded: a=x,y.
    if (types.includes('array') && parameter.explode === false) {
      const items = doc.resolve<SchemaObject>(parameter.schema ?? {}, []).node?.items;
      given.set(
        key,
        text.split(',').map((t) => scalar(doc, t, items)),
      );
    } else {
      given.set(key, scalar(doc, text, parameter.schema));
    }
  }
  for (const [name, { parameter, keys }] of documented) {
    if (!given.has(name)) {
      if (parameter.required) wrong.push(`required query parameter ${name} not given`);
      continue;
    }
    if (!parameter.schema) continue;
    const validate = doc.validator([...keys, 'schema']);
    if (!validate(given.get(name))) {
      wrong.push(`query parameter ${name}: ${describeErrors(validate.errors).replace(/^\(root\) /, '')}`);
    }
  }
  return wrong;
}

const readers = new WeakMap<object, Published>();

/**
 * What is wrong with one exchange against a document (nothing: []), one line each: what the checker of a runtime
 * says, for a document at hand.
 */
export function judgeExchange(doc: object, x: Exchange, scope: Scope = 'all'): string[] {
  let reader = readers.get(doc);
  if (!reader) {
    reader = new Published(doc as OpenApi);
    readers.set(doc, reader);
  }
  return judge(reader, x, scope).map(({ where, what }) => `${where}: ${what}`);
}

/** The request body of a fetch as the checker needs it: its media type and text, when it has one. */
function requestOf(init: RequestInit | undefined): Exchange['request'] {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  const headers = new Headers(init?.headers);
  if (body instanceof FormData) return { type: 'multipart/form-data', text: '' };
  if (typeof body !== 'string') return { type: headers.get('content-type') ?? '', text: '' };
  if (body === '') return undefined;
  return { type: headers.get('content-type') ?? 'text/plain', text: body };
}

/**
 * The contract of the runtime at `baseUrl`: checked calls and fetches, and the violations they met. The document is
 * read at the first exchange (the runtime then serves), once per runtime.
 */
export function openContract(baseUrl: string): Contract {
  const found = new Map<string, Violation>();
  const plain = httpCall(baseUrl);

  async function check(x: Exchange, scope: Scope = 'all') {
    const doc = await load(baseUrl);
    for (const { where, what } of judge(doc, x, scope)) {
      const id = `${where}: ${what}`;
      const seen = found.get(id);
      if (seen) seen.count++;
      else found.set(id, { where, what, example: `${x.method} ${x.path}`, count: 1 });
    }
  }

  const call: Call = async (method, path, opts = {}) => {
    const answer = await plain(method, path, opts);
    const type = Object.entries(opts.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    let request: Exchange['request'];
    // As httpCall sends them: a JSON body, else the form or the raw text (fetch calls a string text/plain).
    if (opts.body !== undefined) request = { type: 'application/json', text: JSON.stringify(opts.body) };
    else if (opts.form) request = { type: 'multipart/form-data', text: '' };
    else if (opts.raw) request = { type: type ?? 'text/plain', text: opts.raw };
    await check({
      method,
      path,
      request,
      status: answer.status,
      contentType: answer.headers.get('content-type'),
      text: answer.text,
    });
    return answer;
  };

  async function checkedFetch(path: string, init?: RequestInit, scope: Scope = 'all') {
    const res = await fetch(baseUrl + path, init);
    const media = mediaOf(res.headers.get('content-type'));
    // A binary answer is checked by its status and type; a text one is read from a copy, the caller reading it too.
    const text = media.startsWith('text/') || JSON_MEDIA.test(media) ? await res.clone().text() : '(binary)';
    const empty = res.status === 204 || res.headers.get('content-length') === '0';
    await check(
      {
        method: init?.method ?? 'GET',
        path,
        request: requestOf(init),
        status: res.status,
        contentType: res.headers.get('content-type'),
        text: empty ? '' : text,
      },
      scope,
    );
    return res;
  }

  const violations = () =>
    [...found.values()].map(
      (v) => `${v.where}: ${v.what} [${v.count === 1 ? '' : `×${v.count}, `}first: ${v.example.slice(0, 200)}]`,
    );

  return {
    call,
    fetch: checkedFetch,
    check,
    violations,
    verify() {
      const lines = violations();
      if (!lines.length) return;
      throw new Error(
        `The API answered off its published contract (/api/openapi.json), ${lines.length} distinct violation(s):\n` +
          lines.map((l) => `  - ${l}`).join('\n'),
      );
    },
  };
}
