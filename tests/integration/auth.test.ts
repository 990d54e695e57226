import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN1, type Harness, READER1, SUPER, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const sign = async (
  claims: Record<string, unknown>,
  opts: { exp?: string | number; alg?: string; secret?: string } = {},
) => {
  const key = new TextEncoder().encode(opts.secret ?? h.runtime.env.JWT_SECRET);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setIssuer('cellar')
    .setAudience('cellar-api')
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(key);
};

describe('POST /api/auth/token', () => {
  it('signs in with the demo password', async () => {
    const res = await h.call('POST', '/api/auth/token', { body: { email: ADMIN1, password: 'Cellar-demo-2026' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 43200 });
    expect(res.body.access_token.split('.')).toHaveLength(3);
  });
  it.each([
    [ADMIN1, 'wrong'],
    ['nobody@cellar.test', 'Cellar-demo-2026'],
  ])('refuses %s / %s with the same message', async (email, password) => {
    const res = await h.call('POST', '/api/auth/token', { body: { email, password } });
    expect(res).toMatchObject({ status: 401, body: { message: 'Invalid credentials.' } });
  });
  it('answers in French by default', async () => {
    const res = await h.call('POST', '/api/auth/token', { body: { email: ADMIN1, password: 'x' }, lang: 'fr-FR' });
    expect(res.body.message).toBe('Identifiants invalides.');
  });
  it('validates the body with field messages', async () => {
    const res = await h.call('POST', '/api/auth/token', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      email: ['The e-mail address is incorrect.'],
      password: ['This field is required.'],
    });
  });
  it('refuses malformed JSON and oversized bodies', async () => {
    const bad = await h.call('POST', '/api/auth/token', {
      raw: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(422);
    const big = await h.call('POST', '/api/auth/token', { body: { email: 'a@b.fr', password: 'x'.repeat(1_100_000) } });
    expect(big.status).toBe(413);
  });
});

describe('GET /api/auth/user', () => {
  it('returns the user with its includes', async () => {
    const token = await h.login(ADMIN1);
    const res = await h.call(
      'GET',
      '/api/auth/user?include=warehouses,company,company.address,company.segments,children',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: ADMIN1,
      role: 'admin',
      roleLevel: 10,
      locale: 'fr-FR',
      company: { code: 'CLI001' },
    });
    expect(res.body.company.segments.map((s: { code: string }) => s.code)).toEqual(['B2B', 'B2C']);
    expect(res.body.company.address.city).toBeTruthy();
    expect(res.body.warehouses).toHaveLength(3);
    expect(res.body.children).toEqual([
      expect.objectContaining({ email: 'admin@cli002.test', company: expect.objectContaining({ code: 'CLI002' }) }),
    ]);
    expect(res.body.passwordHash).toBeUndefined();
  });
  it('omits what was not included', async () => {
    const res = await h.call('GET', '/api/auth/user', { token: await h.login(READER1) });
    expect(res.body.company).toBeUndefined();
    expect(res.body.role).toBe('reader');
  });
  it('refuses unknown query parameters', async () => {
    const res = await h.call('GET', '/api/auth/user?tenant=x', { token: await h.login(READER1) });
    expect(res.status).toBe(422);
  });
});

describe('Authentication', () => {
  const me = (token: string, headers: Record<string, string> = {}) =>
    h.call('GET', '/api/auth/user', { token, headers });

  it('needs a token', async () => {
    const res = await h.call('GET', '/api/auth/user');
    expect(res).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
  });
  it('refuses an expired token', async () => {
    const user = (await me(await h.login(ADMIN1))).body;
    expect((await me(await sign({ sub: user.id }, { exp: Math.floor(Date.now() / 1000) - 10 }))).status).toBe(401);
  });
  it('refuses a token signed with another key or algorithm', async () => {
    const user = (await me(await h.login(ADMIN1))).body;
    expect((await me(await sign({ sub: user.id }, { secret: 'x'.repeat(64) }))).status).toBe(401);
    expect((await me(await sign({ sub: user.id }, { alg: 'HS512' }))).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.id, iss: 'cellar', aud: 'cellar-api', exp: 9e9 })).toString('base64url')}.`;
    expect((await me(none)).status).toBe(401);
  });
  it('lets an impersonation token win over the main one and says who acts', async () => {
    const admin = (await me(await h.login(ADMIN1))).body;
    const superadmin = (await me(await h.login(SUPER))).body;
    const impersonation = await sign({ sub: admin.id, act: superadmin.id });
    const res = await me(await h.login(SUPER), { 'x-impersonation-token': impersonation });
    expect(res.body).toMatchObject({ email: ADMIN1, impersonatedBy: superadmin.id });
  });
  it('answers unknown API paths with a 404 in the catalogue shape', async () => {
    const res = await h.call('GET', '/api/nothing-here', { token: await h.login(ADMIN1) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });
});
