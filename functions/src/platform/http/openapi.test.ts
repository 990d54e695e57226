import { routeList, routes } from '@cellar/shared/routes/table';
import { validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';

type Operation = {
  operationId: string;
  tags: string[];
  security: unknown[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  'x-access': { level: number; scopes: string[] };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

const doc = openApiDocument() as Document;
const op = (method: string, path: string) => doc.paths[path]?.[method] as Operation;

describe('The OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    // The validator resolves and rewrites the document it is given.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe('OpenAPI');
  });

  it('holds schemas that compile as strict JSON Schema 2020-12', () => {
    // The validator above checks the document's structure, not what its schemas say.
    const ajv = new Ajv2020({ allowUnionTypes: true, validateFormats: false });
    ajv.addVocabulary(Object.keys(doc));
    ajv.addSchema(doc, 'openapi.json');
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('has every route of the table, with its method, path and key as operationId', () => {
    for (const [key, r] of Object.entries(routes)) {
      expect(op(r.method.toLowerCase(), r.path)?.operationId, `${r.method} ${r.path}`).toBe(key);
    }
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    expect(operations).toHaveLength(routeList.length);
  });

  it('records access, scopes and security; public routes need no token', () => {
    const list = op('get', '/api/contacts');
    expect(list['x-access']).toEqual({ level: 1, role: 'reader', scopes: ['supplier', 'recipient', 'carrier'] });
    expect(list.security).toEqual([{ bearer: [] }, { impersonation: [] }, { apiKey: [] }]);
    expect(list.responses['429']?.$ref).toBe('#/components/responses/TooManyRequests');
    // A person's own route: no key reaches it.
    expect(op('put', '/api/auth/password').security).toEqual([{ bearer: [] }, { impersonation: [] }]);
    expect(op('post', '/api/api-keys').security).toEqual([{ bearer: [] }, { impersonation: [] }]);
    expect(list.responses['401']?.$ref).toBe('#/components/responses/Unauthorized');
    expect(op('post', '/api/auth/token').security).toEqual([]);
    expect(op('get', '/api/openapi.json').security).toEqual([]);
  });

  it('documents a list’s filter fields, sorts, paging and CSV or XLSX export from its spec', () => {
    const list = op('get', '/api/stocks');
    const param = (name: string) => list.parameters?.find((p) => p.name === name)?.schema as Record<string, any>;
    expect(Object.keys(param('filter').properties)).toEqual(routes.stockList.list.filters);
    expect(param('sort').items.enum).toContain('-product.code');
    expect(param('paginate')).toMatchObject({ maximum: 5000, default: 20 });
    expect(param('include').items.enum).toEqual(routes.stockList.list.includes);
    expect(param('output').enum).toEqual(['csv', 'xlsx']);
    expect(Object.keys(list.responses['200']?.content ?? {})).toEqual([
      'application/json',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });

  it('documents a list’s own parameters with the values the list checks them against', () => {
    const param = (path: string, name: string) => op('get', path).parameters?.find((p) => p.name === name)?.schema;
    expect(param('/api/products', 'hidden')).toEqual({ type: 'string', enum: ['true', 'false'] });
    expect(param('/api/products', 'q')).toEqual({ type: 'string', maxLength: 200 });
    expect(param('/api/companies', 'light')).toEqual({ type: 'string', enum: ['true', 'false'] });
  });

  it('bounds every number a request sends, below and above, in parameters and bodies', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${at}/${i}`);
        });
        return;
      }
      if (!node || typeof node !== 'object') return;
      const s = node as Record<string, unknown>;
      const types = ([] as unknown[]).concat(s.type ?? []);
      // A constant or a choice is bounded by what it lists.
      if ((types.includes('number') || types.includes('integer')) && !('const' in s) && !('enum' in s)) {
        const below = s.minimum !== undefined || s.exclusiveMinimum !== undefined;
        const above = s.maximum !== undefined || s.exclusiveMaximum !== undefined;
        if (!below || !above) unbounded.push(at);
      }
      for (const [k, v] of Object.entries(s)) if (k !== 'example' && k !== 'default') walk(v, `${at}/${k}`);
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, o] of Object.entries(methods)) walk(o.parameters, `${method} ${path} parameters`);
    }
    for (const [name, schema] of Object.entries(doc.components.schemas)) if (/Body$/.test(name)) walk(schema, name);
    expect(unbounded).toEqual([]);
  });

  it('documents the filter as the deep object it is read as, filter[field][op]=value, and no `not` in a list', () => {
    const ajv = new Ajv2020({ allowUnionTypes: true, validateFormats: false });
    ajv.addVocabulary(Object.keys(doc));
    ajv.addSchema(doc, 'openapi.json');
    const list = op('get', '/api/contacts');
    const at = list.parameters?.findIndex((p) => p.name === 'filter');
    const filter = list.parameters?.[at as number] as unknown as { style: string; explode: boolean };
    expect(filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
    const validate = ajv.compile({ $ref: `openapi.json#/paths/~1api~1contacts/get/parameters/${at}/schema` });
    expect(
      validate({ type: 'recipient', code: { startsWith: 'PART' }, createdAt: { bt: '2026-01-01,2026-02-01' } }),
    ).toBe(true);
    expect(validate({ code: { like: 'PART' } })).toBe(false);
    expect(validate({ code: {} })).toBe(false);
    expect(validate({ nope: 'x' })).toBe(false);
    // Request generators cannot complement a `not`: none in what a list takes.
    const lists = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const keys: string[] = [];
    JSON.stringify([lists.map((o) => o.parameters), doc.components.schemas.ListFilter], (key, value) => {
      keys.push(key);
      return value;
    });
    expect(keys).not.toContain('not');
  });

  it('describes the files a route answers, the headers it reads, 415 for bodies, and sign-in’s 401 and 429', () => {
    const paths = doc.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: object }>; parameters?: { name: string; in: string }[] }>
    >;
    const pdf = paths['/api/orders/{id}/pdf']?.get;
    expect(Object.keys(pdf?.responses['200']?.content ?? {})).toEqual(['application/json', 'application/pdf']);
    expect(Object.keys(paths['/api/imports/{id}/refused']?.get?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const create = paths['/api/orders']?.post;
    const key = create?.parameters?.find((p) => p.name === 'Idempotency-Key') as unknown as { schema: object };
    // As the service reads it: 1 to 255 visible ASCII characters.
    expect(key).toMatchObject({ in: 'header', schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,255}$' } });
    expect(Object.keys(create?.responses ?? {})).toContain('415');
    const signIn = paths['/api/auth/token']?.post;
    expect(Object.keys(signIn?.responses ?? {})).toEqual(expect.arrayContaining(['401', '429']));
    const responses = (doc.components as unknown as { responses: Record<string, { headers?: object }> }).responses;
    expect(responses.TooManyRequests?.headers).toHaveProperty('Retry-After');
  });

  it('gives each operation the errors the pipeline answers whatever the route takes', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses);
        // A query parameter the route does not read is refused.
        expect(statuses, `${method} ${path}`).toContain('422');
        // A body is read as JSON on any route but a GET (CloudFront refuses a GET's body).
        const body = ['413', '415'].filter((s) => statuses.includes(s));
        expect(body, `${method} ${path}`).toEqual(method === 'get' ? [] : ['413', '415']);
      }
    }
  });

  it('uses the route’s status, and no body for 204', () => {
    expect(op('post', '/api/contacts').responses['201']?.content).toBeDefined();
    expect(op('post', '/api/csv/{template}').responses['201']).toBeDefined();
    expect(op('post', '/api/activity-logs').responses['204']).toEqual({ description: 'No content' });
  });

  it('describes the import request as JSON with its limits, answered with the job and its upload ticket', () => {
    const op_ = op('post', '/api/csv/{template}');
    expect(Object.keys(op_.requestBody?.content ?? {})).toEqual(['application/json']);
    const body = doc.components.schemas.ImportUploadBody as any;
    expect(body.properties.size).toMatchObject({ type: 'integer', minimum: 1, maximum: 20 * 1024 * 1024 });
    expect(body.properties.rows).toMatchObject({ type: 'integer', minimum: 1, maximum: 100_000 });
    const answer = doc.components.schemas.ImportUploadResponse as any;
    expect(Object.keys(answer.properties)).toEqual(['job', 'upload']);
  });

  it('gives the recursive product families a component that refers to itself', () => {
    const item = doc.components.schemas.ProductFamiliesItem as any;
    expect(item.properties.families.items).toEqual({ $ref: '#/components/schemas/ProductFamiliesItem' });
  });

  it('describes bodies as sent (input) and responses as answered (output)', () => {
    // The preference body's transform has no JSON Schema: as input it is the array a caller sends.
    expect((doc.components.schemas.PreferencePutBody as any).properties.columns.type).toBe('array');
    // Responses are stripped by their schema: nothing else is ever answered.
    expect(doc.components.schemas.ContactGetResponse?.additionalProperties).toBe(false);
  });
});
