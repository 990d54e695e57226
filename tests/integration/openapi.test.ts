/**
 * The API documentation through the local runtime: the document is public and lists the route table, the viewer
 * loads under the server's content security policy, and real answers of the API match the documented schemas.
 */
import type { RouteDef } from '@cellar/shared/api/route';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN1, type Harness, startHarness } from './harness';

type Document = { paths: Record<string, Record<string, { operationId: string }>> };

let h: Harness;
let doc: Document;
let token: string;
let ajv: Ajv2020;

beforeAll(async () => {
  h = await startHarness();
  doc = (await h.call<Document>('GET', '/api/openapi.json')).body;
  token = await h.login(ADMIN1);
  // strict: an unknown keyword in a schema fails; formats are left out because zod writes a pattern beside each.
  ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, validateFormats: false });
  // The document's own fields are not JSON Schema keywords: declared, so that its schemas can be referenced in it.
  ajv.addVocabulary(Object.keys(doc));
  ajv.addSchema(doc, 'openapi.json');
});
afterAll(() => h?.stop());

const pointer = (...keys: string[]) => keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The schema of the JSON answer in the response object these keys lead to. */
const jsonAnswer = (...keys: string[]): ValidateFunction =>
  ajv.compile({ $ref: `openapi.json#/${pointer(...keys, 'content', 'application/json', 'schema')}` });

/** A route's documented answer at its success status. */
function answerOf(id: RouteId): ValidateFunction {
  const r: RouteDef = routes[id];
  return jsonAnswer('paths', r.path, r.method.toLowerCase(), 'responses', String(r.status ?? 200));
}

const firstRecipient = async () =>
  (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0];

describe('GET /api/openapi.json', () => {
  it('is public and documents every route under its key', async () => {
    const res = await h.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    for (const [key, r] of Object.entries(routes)) {
      expect(doc.paths[r.path]?.[r.method.toLowerCase()]?.operationId, `${r.method} ${r.path}`).toBe(key);
    }
  });
});

describe('GET /api/docs (local runtime)', () => {
  it('serves a page whose scripts are files the content security policy allows', async () => {
    const page = await h.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // No script-src of its own: scripts fall back to default-src 'self', so no inline script may run.
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const scripts = [...page.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    const sources = scripts.map((attrs) => /src="([^"]+)"/.exec(attrs)?.[1]);
    expect(sources).not.toContain(undefined);
    const styles = [...page.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    for (const src of [...sources, ...styles] as string[]) {
      const asset = await h.call('GET', src);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type'), src).toMatch(/^text\/(javascript|css)/);
    }
    const start = await h.call('GET', sources.at(-1) as string);
    expect(start.text).toContain("url: '/api/openapi.json'");
  });

  it('serves nothing else from the viewer’s package', async () => {
    expect((await h.call('GET', '/api/docs/package.json')).status).toBe(404);
    expect((await h.call('GET', '/api/docs/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

describe('Real answers match the documented response schemas', () => {
  const SAMPLES: [RouteId, () => Promise<string>][] = [
    [
      'contactList',
      async () => '/api/contacts?filter[type]=carrier&paginate=20&include=owner,warehouse,services,address',
    ],
    ['contactGet', async () => `/api/contacts/${(await firstRecipient()).id}`],
    ['authUser', async () => '/api/auth/user?include=warehouses,company,company.address,company.segments,children'],
    ['productList', async () => '/api/products?paginate=20&include=owner,family,attributes,stocks'],
    ['productFamilies', async () => '/api/product-families?include=families'],
    ['stockList', async () => '/api/stocks?paginate=20&include=warehouse,product,owner'],
    ['stockMovementList', async () => '/api/stock-movements?paginate=20&include=warehouse,stock,stock.product'],
    ['warehouseList', async () => '/api/warehouses'],
    ['userList', async () => '/api/users?include=warehouses,company'],
  ];

  it.each(SAMPLES)('%s', async (id, path) => {
    const route: RouteDef = routes[id];
    const res = await h.call(route.method, await path(), { token });
    expect(res.status, res.text).toBe(route.status ?? 200);
    const rows = Array.isArray(res.body) ? res.body : (res.body.data ?? [res.body]);
    expect(rows.length, 'an empty answer would prove little').toBeGreaterThan(0);
    const validate = answerOf(id);
    expect(validate(res.body), ajv.errorsText(validate.errors)).toBe(true);
  });

  it.each([
    [401, 'Unauthorized', '/api/contacts?filter[type]=recipient', false],
    [404, 'NotFound', '/api/contacts/UNKNOWN', true],
    [422, 'UnprocessableEntity', '/api/contacts?filter[nope]=1', true],
  ] as const)('%i: the documented error body', async (status, name, path, signedIn) => {
    const res = await h.call('GET', path, signedIn ? { token } : {});
    expect(res.status).toBe(status);
    const validate = jsonAnswer('components', 'responses', name);
    expect(validate(res.body), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('rejects answers that differ from the document', async () => {
    const contact = await firstRecipient();
    const validate = answerOf('contactGet');
    expect(validate(contact)).toBe(true);
    expect(validate({ ...contact, code: 42 })).toBe(false);
    expect(validate({ ...contact, passwordHash: 'x' })).toBe(false);
    const { id: _, ...withoutId } = contact;
    expect(validate(withoutId)).toBe(false);
    expect(answerOf('contactList')({ data: [contact], meta: {} })).toBe(false);
  });
});
