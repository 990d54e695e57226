import { defineRoute } from '@cellar/shared/api/route';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { InvalidError, NotFoundError } from '../../errors';
import { routePipeline } from './pipeline';

/** A public route of its own, so that the pipeline runs without a token or a table. */
const ECHO = defineRoute({
  method: 'POST',
  path: '/api/echo',
  resource: 'docs',
  access: 0,
  body: z.object({ code: z.string().max(3), n: z.number() }),
  response: z.object({ code: z.string() }),
});

const context = { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as Context;

function event(body: string | null, headers: Record<string, string> = {}): APIGatewayProxyEvent {
  return {
    httpMethod: 'POST',
    path: '/api/echo',
    resource: '/api/echo',
    body,
    isBase64Encoded: false,
    headers: { 'Content-Type': 'application/json', ...headers },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: { identity: { sourceIp: '127.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
  };
}

const call = async (impl: Parameters<typeof routePipeline>[1], e: APIGatewayProxyEvent) => {
  const res = (await routePipeline(ECHO, impl)(e, context)) as APIGatewayProxyResult;
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers ?? {} };
};
const echo = async ({ body }: { body: unknown }) => ({ ...(body as object), internal: 'secret' });

describe('Function: routePipeline', () => {
  it('validates the body with the route’s schema and strips what the response schema does not name', async () => {
    // Act
    const res = await call(echo, event(JSON.stringify({ code: 'AB', n: 1 })));
    // Assess
    expect(res).toMatchObject({ status: 200, body: { code: 'AB' } });
    expect(res.body.internal).toBeUndefined();
    expect(res.headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it.each([
    ['fr', 'Ce champ est obligatoire.', '3 caractères maximum.'],
    ['en', 'This field is required.', '3 characters at most.'],
  ])('refuses invalid input field by field, in the caller’s language (%s)', async (lang, required, max) => {
    // Act
    const res = await call(echo, event(JSON.stringify({ code: 'ABCD' }), { 'Accept-Language': lang }));
    // Assess
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ code: [max], n: [required] });
  });

  it('answers 422 to malformed JSON and 413 to a body over the limit', async () => {
    expect((await call(echo, event('{"code":'))).status).toBe(422);
    expect((await call(echo, event(JSON.stringify({ code: 'A', n: 1, pad: 'x'.repeat(1_100_000) })))).status).toBe(413);
  });

  it('gives a domain error its status and words, and an unknown failure a bare 500', async () => {
    // Prepare
    const valid = event(JSON.stringify({ code: 'A', n: 1 }), { 'Accept-Language': 'en' });
    // Act
    const notFound = await call(async () => {
      throw new NotFoundError();
    }, valid);
    const invalid = await call(async () => {
      throw new InvalidError({ code: ['validation.unique'] });
    }, valid);
    const bug = await call(async () => {
      throw new Error('table cellar: connection refused at 10.0.0.1');
    }, valid);
    // Assess
    expect(notFound.status).toBe(404);
    expect(invalid).toMatchObject({ status: 422, body: { errors: { code: ['This value is already used.'] } } });
    expect(bug.status).toBe(500);
    expect(JSON.stringify(bug.body)).not.toContain('10.0.0.1');
  });
});

describe('Function: routePipeline, the source address', () => {
  const sourceOf = async (behindCloudFront: string | undefined) => {
    const previous = process.env.BEHIND_CLOUDFRONT;
    if (behindCloudFront === undefined) delete process.env.BEHIND_CLOUDFRONT;
    else process.env.BEHIND_CLOUDFRONT = behindCloudFront;
    try {
      let seen = '';
      await call(
        async ({ sourceIp }) => {
          seen = sourceIp;
          return { code: 'A' };
        },
        event(JSON.stringify({ code: 'A', n: 1 }), { 'CloudFront-Viewer-Address': '2001:db8::7:50000' }),
      );
      return seen;
    } finally {
      if (previous === undefined) delete process.env.BEHIND_CLOUDFRONT;
      else process.env.BEHIND_CLOUDFRONT = previous;
    }
  };

  it("is the viewer's address CloudFront reports when the function is told it sits behind CloudFront", async () => {
    expect(await sourceOf('true')).toBe('2001:db8::7');
  });

  it("is the connection's address otherwise, whatever the request's headers say", async () => {
    expect(await sourceOf(undefined)).toBe('127.0.0.1');
  });
});
