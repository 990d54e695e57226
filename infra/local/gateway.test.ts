import { describe, expect, it } from 'vitest';
import { MAX_LAMBDA_RESPONSE, overLambdaResponseLimit } from './gateway';

describe('Method: overLambdaResponseLimit', () => {
  const result = (body: string, isBase64Encoded = false) => ({ statusCode: 200, headers: {}, body, isBase64Encoded });

  it('takes a result that fits in 6 MB as serialized', () => {
    expect(MAX_LAMBDA_RESPONSE).toBe(6 * 1024 * 1024);
    expect(overLambdaResponseLimit(result('x'.repeat(MAX_LAMBDA_RESPONSE - 100)))).toBe(false);
  });

  it.each([
    ['a body of 6 MB', result('x'.repeat(MAX_LAMBDA_RESPONSE))],
    // Escaped in the result's JSON: each quote is written twice.
    ['a body of 3.5 MB of quotes', result('"'.repeat(3.5 * 1024 * 1024))],
    // A file of 5 MB leaves as 6.7 MB of base64.
    ['5 MB as base64', result(Buffer.alloc(5 * 1024 * 1024).toString('base64'), true)],
  ])('refuses %s, as Lambda does', (_, r) => {
    expect(overLambdaResponseLimit(r)).toBe(true);
  });
});
