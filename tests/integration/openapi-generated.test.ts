/**
 * Requests generated from the published document (/api/openapi.json) against the local runtime (issue 23): for
 * each run an operation, a caller (each role, or none), its path parameters (a record that exists, or any value its
 * schema takes), its documented query parameters in their styles, its documented headers and a JSON body drawn
 * from its request body schema. Every answer must be no server error and be one the document describes: each
 * exchange goes through the same contract checker as the whole integration suite (./contract.ts), request side
 * included — a request the server accepts must be one the document takes.
 * A few hundred runs, stopped after a time budget whatever the machine; the seed is fixed, so a failure replays
 * (GENERATED_SEED=n runs another).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bySize } from '../fixtures/size';
import { type Exchange, judgeExchange } from './contract';
import { ADMIN1, ADMIN2, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';

type Json = Record<string, any>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  style?: string;
  explode?: boolean;
  schema?: Json;
}
interface Operation {
  method: string;
  template: string;
  operationId: string;
  parameters: Parameter[];
  body?: Json;
}

/** A few hundred in the test command; more under `npm run test:volume`. */
const RUNS = bySize(200, 1_000);
/** Fixed, so that a failure replays; another (GENERATED_SEED=n) explores further. */
const SEED = Number(process.env.GENERATED_SEED ?? 20261127);
const TIME_BUDGET_MS = bySize(90_000, 600_000);

let h: Harness;
let doc: Json;
const tokens: Record<string, string | undefined> = { none: undefined };
/** Ids of records that exist, by collection (the path's segment after /api/). */
const known: Record<string, string[]> = {};

beforeAll(async () => {
  h = await startHarness();
  doc = (await (await fetch(`${h.url}/api/openapi.json`)).json()) as Json;
  for (const email of [ADMIN1, USER1, READER1, ADMIN2, SUPER]) tokens[email] = await h.login(email);
  const holders = new Set([ADMIN1, USER1, READER1, ADMIN2, SUPER]);
  const ids = async (path: string, keep: (row: Json) => boolean = () => true) => {
    const res = await h.call('GET', path, { token: tokens[SUPER] });
    const rows: Json[] = Array.isArray(res.body) ? res.body : (res.body?.data ?? []);
    return rows.filter(keep).map((r) => r.id as string);
  };
  // The callers' own accounts and companies stay as they are: a generated update could switch them off, and every
  // later run would then be a 401.
  const users = await h.call('GET', '/api/users?paginate=100', { token: tokens[SUPER] });
  const callerCompanies = new Set(
    (users.body.data as Json[]).filter((u) => holders.has(u.email)).map((u) => u.companyId ?? u.company?.id),
  );
  known.users = (users.body.data as Json[]).filter((u) => !holders.has(u.email)).map((u) => u.id);
  known.companies = await ids('/api/companies?paginate=100', (c) => !callerCompanies.has(c.id));
  known.contacts = await ids('/api/contacts?paginate=20');
  known.products = await ids('/api/products?paginate=20');
  known.orders = await ids('/api/orders?paginate=20');
  known.receptions = await ids('/api/receptions?paginate=20');
  known['shipping-orders'] = await ids('/api/shipping-orders?paginate=20');
  known['product-families'] = await ids('/api/product-families');
}, 120_000);
afterAll(() => h?.stop());

/** The object a local reference leads to. */
function deref(node: Json | undefined): Json {
  let current = node ?? {};
  for (let hops = 0; hops < 10 && typeof current.$ref === 'string'; hops++) {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((n, k) => n?.[k], doc);
  }
  return current;
}

const DATE = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Values a JSON schema takes (the keywords the document uses), of a bounded size. */
function valuesOf(input: Json | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(input);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return fc.oneof(...union.map((s: Json) => valuesOf(s, depth + 1)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valuesOf({ ...schema, type }, depth)));
  switch (types[0] ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return text(schema);
    case 'integer': {
      // Unbounded, as far as JSON numbers stay exact: a number near 2^53 is a request like any other.
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? Number.MIN_SAFE_INTEGER - 1) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? Number.MAX_SAFE_INTEGER + 1) - 1;
      const small = { min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) };
      const near = fc.integer({ min: small.min, max: Math.min(small.max, small.min + 20) });
      const ends = fc.constantFrom(min, max);
      // Beyond 32 bits when the range goes there (then most safe integers are in it).
      return max - min > 2 ** 33
        ? fc.oneof(
            near,
            fc.integer(small),
            ends,
            fc.maxSafeInteger().filter((n) => n >= min && n <= max),
          )
        : fc.oneof(near, fc.integer(small), ends);
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -Number.MAX_VALUE,
        max: schema.maximum ?? Number.MAX_VALUE,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = valuesOf(schema.items, depth + 1);
      const constraints = {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, depth > 2 ? 1 : 3)),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object': {
      const properties: Record<string, Json> = schema.properties ?? {};
      const required: string[] = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valuesOf(s, depth + 1)])),
        { requiredKeys: required.filter((k) => k in properties) },
      );
      const extra = schema.additionalProperties;
      if (!extra || typeof extra !== 'object' || depth > 3) return record;
      const names = schema.propertyNames ? text(deref(schema.propertyNames)) : text({ maxLength: 12, minLength: 1 });
      const more = fc.dictionary(names as fc.Arbitrary<string>, valuesOf(extra, depth + 1), {
        minKeys: schema.minProperties ?? 0,
        maxKeys: 3,
      });
      return fc.tuple(record, more).map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings a string schema takes: its enum, its pattern, its format, or text within its lengths. */
function text(schema: Json): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern the generator cannot read: the format's, or plain text (which the answer then judges).
    }
  }
  if (schema.format === 'date') return DATE.map((d) => d.slice(0, 10));
  if (schema.format === 'date-time') return DATE;
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.stringMatching(/^[A-Z0-9]{1,12}$/).filter(fits),
  );
}

/** A query parameter's value as its style writes it: `name=v`, `name=a,b`, `name[k]=v` and `name[k][op]=v`. */
function queryOf(parameter: Parameter): fc.Arbitrary<[string, string][]> {
  const value = valuesOf(parameter.schema);
  if (parameter.style === 'deepObject') {
    return value.map((object) =>
      Object.entries((object ?? {}) as Json).flatMap(([field, v]): [string, string][] =>
        v !== null && typeof v === 'object'
          ? Object.entries(v).map(([op, w]): [string, string] => [`${parameter.name}[${field}][${op}]`, String(w)])
          : [[`${parameter.name}[${field}]`, String(v)]],
      ),
    );
  }
  return value.map((v) => [[parameter.name, Array.isArray(v) ? v.join(',') : String(v)]]);
}

type Change = (pairs: [string, string][]) => [string, string][];

/**
 * A query taken off the document on purpose, a run in three: a parameter it does not name, one given twice, an
 * item repeated in a list, a value replaced by any text. The server may refuse it (a 4xx, not judged); a success
 * would say the server reads what the document does not describe, which the checker then reports.
 */
const offDocument: fc.Arbitrary<Change> = fc.oneof(
  fc.stringMatching(/^[a-z_]{1,10}$/).map(
    (name): Change =>
      (pairs) => [...pairs, [name, '1']],
  ),
  fc.nat().map(
    (i): Change =>
      (pairs) =>
        pairs.length ? [...pairs, pairs[i % pairs.length] as [string, string]] : pairs,
  ),
  fc.nat().map(
    (i): Change =>
      (pairs) =>
        pairs.map(([k, v], j) => [k, j === i % pairs.length && v.includes(',') ? `${v},${v.split(',')[0]}` : v]),
  ),
  fc.tuple(fc.nat(), fc.string({ maxLength: 12 })).map(
    ([i, text]): Change =>
      (pairs) =>
        pairs.map(([k, v], j) => [k, j === i % pairs.length ? text : v]),
  ),
);

function operations(): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      operationId: op.operationId,
      parameters: ((op.parameters ?? []) as Json[]).map((p) => deref(p) as Parameter),
      body: op.requestBody ? deref(op.requestBody).content?.['application/json']?.schema : undefined,
    })),
  );
}

interface Generated {
  op: Operation;
  caller: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: unknown;
}

function requestOf(op: Operation): fc.Arbitrary<Generated> {
  const collection = op.template.split('/')[2] ?? '';
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const path = fc
    .tuple(
      ...pathParams.map((p) => {
        const pool = p.name === 'id' ? (known[collection === 'auth' ? 'users' : collection] ?? []) : [];
        const any = valuesOf(p.schema).map(String);
        return pool.length ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, any) : any;
      }),
    )
    .map((values) => {
      let i = 0;
      return op.template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? ''));
    });
  const query = fc
    .tuple(
      fc.tuple(...op.parameters.filter((p) => p.in === 'query').map((p) => fc.option(queryOf(p), { freq: 2 }))),
      fc.option(offDocument, { freq: 2 }),
    )
    .map(([parts, change]) => {
      const pairs = parts.flatMap((part) => part ?? []);
      return change ? change(pairs) : pairs;
    });
  const headers = fc
    .tuple(
      ...op.parameters
        .filter((p) => p.in === 'header')
        .map((p) => fc.option(text(deref(p.schema)).map((v) => [p.name, v] as const))),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((p) => p !== null)));
  return fc.record({
    op: fc.constant(op),
    caller: fc.constantFrom(...Object.keys(tokens)),
    path,
    query,
    headers,
    body: op.body ? valuesOf(op.body) : fc.constant(undefined),
  });
}

/** The answer's text as the checker reads it: JSON and text read, other types by their type alone. */
async function exchangeOf(r: Generated, url: string, init: RequestInit, res: Response): Promise<Exchange> {
  const type = res.headers.get('content-type');
  const media = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const readable = media.startsWith('text/') || /^application\/([a-z0-9.+-]*\+)?json$/.test(media);
  const body = readable ? await res.text() : (await res.arrayBuffer()).byteLength ? '(binary)' : '';
  return {
    method: r.op.method,
    path: url,
    request: init.body === undefined ? undefined : { type: 'application/json', text: init.body as string },
    status: res.status,
    contentType: type,
    text: body,
  };
}

describe('Requests generated from the published document', () => {
  it(`answer no server error and nothing the document does not describe (${RUNS} runs)`, async () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(70);
    const request = fc.constantFrom(...all).chain(requestOf);
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        runs++;
        const search = new URLSearchParams(r.query).toString();
        const url = `${r.path}${search ? `?${search}` : ''}`;
        const headers: Record<string, string> = { 'accept-language': 'en', ...r.headers };
        const token = tokens[r.caller];
        if (token) headers.authorization = `Bearer ${token}`;
        const init: RequestInit = { method: r.op.method, headers };
        if (r.body !== undefined) {
          headers['content-type'] = 'application/json';
          init.body = JSON.stringify(r.body);
        }
        const res = await fetch(h.url + url, init);
        const x = await exchangeOf(r, url, init, res);
        const key = `${res.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const said = judgeExchange(doc, x, 'all');
        if (res.status >= 500 || said.length) {
          failures.push(
            `${r.op.method} ${url} as ${r.caller} ${String(init.body ?? '').slice(0, 300)} → ${res.status} ${x.text.slice(0, 200)}${said.map((s) => `\n    ${s}`).join('')}`,
          );
        }
        return true;
      }),
      { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: TIME_BUDGET_MS, markInterruptAsFailure: false },
    );
    expect(failures).toEqual([]);
    // Enough runs to mean something, whatever the machine's pace, and answers of more than one kind.
    expect(runs).toBeGreaterThanOrEqual(100);
    expect([...statuses.keys()].filter((s) => s.startsWith('2')).length).toBeGreaterThan(1);
    console.log(`${runs} generated requests: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}`);
  }, 240_000);
});
