/**
 * The checker every exchange of the harness goes through (./contract.ts), on the document the runtime serves: it
 * says what is off the contract, and nothing about what is on it or out of its reach.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/src/platform/openapi';
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
  it('passes documented answers and requests, whatever the query string', () => {
    expect(judged(exchange({ path: '/api/last-updates?x=1' }))).toEqual([]);
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
      'GET /api/last-updates (lastUpdates) → 404: status not documented (documented: 200, 401, 403, 422)',
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
