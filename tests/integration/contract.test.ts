/**
 * The checker every exchange of the harness goes through (./contract.ts), on the document the runtime serves: it
 * says what is off the contract, and nothing about what is on it or out of its reach.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/src/platform/http/openapi';
import { type Exchange, judgeExchange } from './contract';

const doc = openApiDocument();
const JSON_TYPE = 'application/json; charset=utf-8';
const SIGN_IN = { email: 'admin@cli001.test', password: 'x' };
const TOKEN = JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600 });

const exchange = (x: Partial<Exchange>): Exchange => ({
  method: 'GET',
  path: '/api/last-updates',
  status: 200,
  contentType: JSON_TYPE,
  text: JSON.stringify({ count: 1, since: '2026-11-23' }),
  ...x,
});
const signIn = (x: Partial<Exchange>) =>
  exchange({
    method: 'POST',
    path: '/api/auth/token',
    request: { type: 'application/json', text: JSON.stringify(SIGN_IN) },
    text: TOKEN,
    ...x,
  });
const judged = (x: Exchange, scope?: 'all' | 'answer') => judgeExchange(doc, x, scope);

describe('The contract checker', () => {
  it('passes documented answers and requests', () => {
    expect(judged(exchange({}))).toEqual([]);
    expect(judged(signIn({}))).toEqual([]);
    expect(judged(exchange({ status: 401, text: '{"message":"No"}' }))).toEqual([]);
    expect(judged(exchange({ method: 'DELETE', path: '/api/preferences/contacts', status: 204, text: '' }))).toEqual(
      [],
    );
  });

  it('finds the operation of a concrete path, the literal path before a parameter', () => {
    const countries = exchange({ path: '/api/orders/countries', text: '[{"code":"FR"}]' });
    expect(judged(countries).join()).not.toContain('orderGet');
    const order = exchange({ path: '/api/orders/O1', text: '{}' });
    expect(judged(order).join()).toContain('GET /api/orders/{id} (orderGet) → 200: answer body:');
  });

  it('says an undocumented status, content type or body', () => {
    expect(judged(exchange({ status: 404, text: '{"message":"No"}' }))).toEqual([
      'GET /api/last-updates (lastUpdates) → 404: status not documented (documented: 200, 401, 403, 422, 429)',
    ]);
    expect(judged(exchange({ contentType: 'text/html', text: '<p>' }))).toEqual([
      'GET /api/last-updates (lastUpdates) → 200: content type text/html not documented (documented: application/json)',
    ]);
    expect(judged(exchange({ text: '{"count":"1","since":"x","more":1}' }))).toEqual([
      'GET /api/last-updates (lastUpdates) → 200: answer body: (root) must NOT have additional properties (more); /count must be integer',
    ]);
    expect(judged(exchange({ text: 'count=1' }))[0]).toContain('answers a body that is not JSON');
    expect(judged(exchange({ method: 'DELETE', path: '/api/preferences/contacts', status: 204 }))[0]).toContain(
      'answers a body (application/json) where the document has none',
    );
  });

  it('says an invalid request body on a success, not on a refusal nor when asked for the answer only', () => {
    const invalid = { type: 'application/json', text: JSON.stringify({ email: 'a' }) };
    expect(judged(signIn({ request: invalid }))).toEqual([
      "POST /api/auth/token (authToken) → 200: request body: (root) must have required property 'password'",
    ]);
    expect(judged(signIn({ request: invalid, status: 422, text: '{"message":"No","errors":{}}' }))).toEqual([]);
    expect(judged(signIn({ request: invalid }), 'answer')).toEqual([]);
    expect(judged(signIn({ request: { type: 'text/plain', text: 'a' } }))[0]).toContain(
      'request body of type text/plain not documented (documented: application/json)',
    );
    const sent = exchange({ request: { type: 'application/json', text: '{}' } });
    expect(judged(sent)[0]).toContain('takes no request body, yet accepted one');
  });

  it('passes a succeeding query the document describes, in each style it documents', () => {
    const list = (query: string) => exchange({ path: `/api/contacts?${query}`, text: '{"data":[],"meta":{}}' });
    const queries = [
      'filter[type]=recipient&filter[code][startsWith]=R0&sort=-code&include=owner,warehouse&page=2&paginate=20',
      // One field in both forms: the plain one is its eq.
      'filter[code]=R00001&filter[code][ne]=R00002&filter[createdAt][bt]=2026-01-01,2026-02-01',
      'filter[address.city]=&output=csv&columns=code,type&dates=iso&cursor=abc_-1',
    ];
    for (const q of queries)
      expect(
        judged(list(q)).filter((l) => l.includes('query')),
        q,
      ).toEqual([]);
    expect(judged(exchange({ path: '/api/orders/O1/pdf?output=pdf', text: '{}' })).join()).not.toContain('query');
    expect(judged(exchange({ path: '/api/dashboard?ownerId=C1', text: '{}' })).join()).not.toContain('query');
  });

  it('says an undocumented or invalid query that succeeded, not one refused nor when asked for the answer only', () => {
    const query = (path: string, status = 200) =>
      judged(exchange({ path, status, text: status === 200 ? '{"data":[],"meta":{}}' : '{"message":"No"}' })).filter(
        (l) => l.includes('query'),
      );
    expect(query('/api/last-updates?x=1')).toEqual([
      'GET /api/last-updates (lastUpdates) → 200: query parameter x not documented (documented: none)',
    ]);
    expect(query('/api/contacts?paginate=5001&page=0&sort=-nope&include=owner,owner')).toEqual([
      expect.stringMatching(
        /^GET \/api\/contacts \(contactList\) → 200: query parameter sort: \/0 must be equal to one of the allowed values \(code, -code, /,
      ),
      'GET /api/contacts (contactList) → 200: query parameter include: must NOT have duplicate items (items ## 1 and 0 are identical)',
      'GET /api/contacts (contactList) → 200: query parameter page: must be >= 1',
      'GET /api/contacts (contactList) → 200: query parameter paginate: must be <= 5000',
    ]);
    expect(query('/api/contacts?filter[nope]=1&filter[code][like]=R')).toEqual([
      'GET /api/contacts (contactList) → 200: query parameter filter: must NOT have additional properties (nope); /code must be string; /code must be equal to one of the allowed values (eq, ne, gt, ge, lt, le, bt, startsWith, endsWith, contains, and, or, not, notIn); and 2 more',
    ]);
    expect(query('/api/contacts?page=x&paginate=1.5&filter=1&filter[a][b][c]=1&page=2')).toEqual([
      'GET /api/contacts (contactList) → 200: query parameter filter not documented (documented: filter, sort, include, page, paginate, cursor, output, columns, start_date, end_date, dates)',
      expect.stringContaining('query parameter filter[a][b][c] not documented'),
      'GET /api/contacts (contactList) → 200: query parameter page given more than once',
      'GET /api/contacts (contactList) → 200: query parameter page: must be integer',
      'GET /api/contacts (contactList) → 200: query parameter paginate: must be integer',
    ]);
    expect(query('/api/orders/O1/pdf?output=docx')[0]).toContain('query parameter output: must be equal to one of');
    // Refused, or sent off the contract on purpose: its answer only.
    expect(query('/api/last-updates?x=1', 422)).toEqual([]);
    expect(query('/api/contacts?paginate=5001', 422)).toEqual([]);
    const offPurpose = exchange({ path: '/api/last-updates?x=1' });
    expect(judged(offPurpose, 'answer')).toEqual([]);
  });

  it('leaves out what is not the API’s, and says an undocumented operation that answers a success', () => {
    expect(judged(exchange({ path: '/_mailbox', contentType: 'text/html' }))).toEqual([]);
    expect(judged(exchange({ path: '/api/health', text: '{"status":"ok"}' }))).toEqual([]);
    expect(judged(exchange({ path: '/api/docs', contentType: 'text/html' }))).toEqual([]);
    expect(judged(exchange({ path: '/api/nothing', status: 404, text: '{"message":"Not Found"}' }))).toEqual([]);
    expect(judged(exchange({ method: 'PATCH', status: 404 }))).toEqual([]);
    expect(judged(exchange({ path: '/api/nothing' }))).toEqual([
      'GET /api/nothing: answers 200, but the document has no such operation',
    ]);
  });
});
