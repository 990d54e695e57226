/**
 * API keys end to end: a company's admin makes a key, a script places an order with it as the screens would, the key
 * stays in its company, its rights and its rate, and stops at the next request once rotated or revoked.
 */
import { API_KEY_MAX_ACTIVE } from '@cellar/shared/apiKeys/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKeyItem, getApiKey, saveApiKey } from '../../functions/src/apiKeys/repository';
import { ADMIN1, ADMIN2, type Harness, SUPER, startHarness, USER1 } from './harness';
import { freshStock, orderBody, warehouseFixtures } from './order-fixtures';

let h: Harness;
let admin1: string;

type Made = { id: string; key: string; hint: string; status: string };

const makeKey = async (token: string, body: Record<string, unknown>) => {
  const res = await h.call<Made>('POST', '/api/api-keys', { token, body: { name: 'Boutique', ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

const withKey = (key: string, method: string, path: string, body?: unknown) =>
  h.call(method, path, { token: key, body });

beforeAll(async () => {
  h = await startHarness();
  admin1 = await h.login(ADMIN1);
});
afterAll(() => h?.stop());

describe('A client system with an API key', () => {
  it('is shown its key once, and the list keeps only a hint of it', async () => {
    // Act
    const made = await makeKey(admin1, { name: 'ERP', role: 'reader', scope: ['product'] });
    const list = await h.call('GET', '/api/api-keys', { token: admin1 });
    // Assess
    expect(made.key).toMatch(/^ck_[0-9A-Z]{26}_[\w-]{43}$/);
    const listed = list.body.data.find((k: Made) => k.id === made.id);
    expect(listed).toMatchObject({ name: 'ERP', role: 'reader', scope: ['product'], status: 'active' });
    expect(JSON.stringify(list.body)).not.toContain(made.key.slice(-20));
    expect(made.key.startsWith(listed.hint.replace('…', ''))).toBe(true);
  });

  it('places an order as the screens do, written by the key, in its own company', async () => {
    // Prepare
    const { at, recipient } = await warehouseFixtures(h);
    const stock = await freshStock(3, at);
    const { key } = await makeKey(admin1, { name: 'Shop', role: 'user', scope: ['*'] });
    // Act
    const placed = await withKey(key, 'POST', '/api/orders', orderBody(stock, recipient));
    // Assess
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.statusCode).toBe('005');
    const seen = await h.call('GET', `/api/orders/${placed.body.id}`, { token: admin1 });
    expect(seen.body.createdBy).toMatchObject({ name: 'Shop (API)' });
    const other = await withKey(
      (await makeKey(await h.login(ADMIN2), { role: 'user', scope: ['*'] })).key,
      'GET',
      `/api/orders/${placed.body.id}`,
    );
    expect(other.status).toBe(404);
  });

  it('reads with a reader key and is refused writing (403), outside its modules and on a person’s routes', async () => {
    // Prepare
    const reader = (await makeKey(admin1, { role: 'reader', scope: ['*'] })).key;
    const products = (await makeKey(admin1, { role: 'user', scope: ['product'] })).key;
    // Act, Assess
    expect((await withKey(reader, 'GET', '/api/orders')).status).toBe(200);
    expect(
      (await withKey(reader, 'POST', '/api/orders', { segment: 'B2B', statusCode: '000', stocks: [] })).status,
    ).toBe(403);
    expect((await withKey(products, 'GET', '/api/products')).status).toBe(200);
    expect((await withKey(products, 'GET', '/api/orders')).status).toBe(403);
    expect((await withKey(products, 'GET', '/api/auth/user')).status).toBe(403);
    expect((await withKey(products, 'GET', '/api/preferences')).status).toBe(403);
    // A key never makes a key, however wide.
    expect((await withKey(reader, 'POST', '/api/api-keys', { name: 'x', role: 'user', scope: ['*'] })).status).toBe(
      403,
    );
  });

  it('refuses a key given modules its maker does not hold (422), and any key to a writer (403)', async () => {
    const user = await h.login(USER1);
    expect(
      (await h.call('POST', '/api/api-keys', { token: user, body: { name: 'x', role: 'reader', scope: ['order'] } }))
        .status,
    ).toBe(403);
    const narrow = await h.call('POST', '/api/api-keys', {
      token: admin1,
      body: { name: 'x', role: 'reader', scope: ['order'], companyId: 'ignored-for-a-client' },
    });
    expect(narrow.status).toBe(201);
    expect(narrow.body.companyId).not.toBe('ignored-for-a-client');
  });

  it('answers 401 alike for a wrong secret, a malformed key and an unknown key', async () => {
    const { key } = await makeKey(admin1, { role: 'reader', scope: ['*'] });
    const wrong = `${key.slice(0, -4)}AAAA`;
    for (const bad of [wrong, 'ck_nothing', `ck_${'0'.repeat(26)}_${key.slice(-43)}`]) {
      const res = await withKey(bad, 'GET', '/api/products');
      expect(res.status, bad).toBe(401);
      expect(res.body.message).toBe((await withKey(wrong, 'GET', '/api/products')).body.message);
    }
  });

  it('stops a revoked key at its next request, and a rotated key’s old secret at once', async () => {
    // Prepare
    const made = await makeKey(admin1, { role: 'reader', scope: ['*'] });
    expect((await withKey(made.key, 'GET', '/api/products')).status).toBe(200);
    // Act: rotate
    const rotated = await h.call<Made>('POST', `/api/api-keys/${made.id}/rotate`, { token: admin1 });
    // Assess
    expect(rotated.status).toBe(200);
    expect(rotated.body.key).not.toBe(made.key);
    expect((await withKey(made.key, 'GET', '/api/products')).status).toBe(401);
    expect((await withKey(rotated.body.key, 'GET', '/api/products')).status).toBe(200);
    // Act: revoke, by the provider's staff
    const revoked = await h.call('POST', `/api/api-keys/${made.id}/revoke`, { token: await h.login(SUPER) });
    // Assess
    expect(revoked.body).toMatchObject({ status: 'revoked', revokedBy: { name: expect.any(String) } });
    expect((await withKey(rotated.body.key, 'GET', '/api/products')).status).toBe(401);
    expect((await h.call('POST', `/api/api-keys/${made.id}/rotate`, { token: admin1 })).status).toBe(409);
  });

  it('keeps a rotated key’s old secret a day when asked, beside the new one, until the day ends or the key is revoked', async () => {
    // Prepare
    const made = await makeKey(admin1, { role: 'reader', scope: ['*'] });
    // Act
    const rotated = await h.call<Made & { previousValidUntil: string | null }>(
      'POST',
      `/api/api-keys/${made.id}/rotate`,
      { token: admin1, body: { previousValidHours: 24 } },
    );
    // Assess: both secrets work, and the answer says until when the old one does.
    expect(rotated.status, rotated.text).toBe(200);
    const until = Date.parse(rotated.body.previousValidUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await withKey(made.key, 'GET', '/api/products')).status).toBe(200);
    expect((await withKey(rotated.body.key, 'GET', '/api/products')).status).toBe(200);
    // Act: the day is over (its end moved to a second ago, as time would).
    const stored = (await getApiKey(made.id)) as ApiKeyItem;
    await saveApiKey({ ...stored, previousValidUntil: new Date(Date.now() - 1000).toISOString() }, stored);
    // Assess
    expect((await withKey(made.key, 'GET', '/api/products')).status).toBe(401);
    expect((await withKey(rotated.body.key, 'GET', '/api/products')).status).toBe(200);
    const listed = await h.call('GET', '/api/api-keys', { token: admin1 });
    expect(listed.body.data.find((k: Made) => k.id === made.id).previousValidUntil).toBeNull();
    // Act: rotated again, kept a day, then revoked: neither secret works.
    const again = await h.call<Made>('POST', `/api/api-keys/${made.id}/rotate`, {
      token: admin1,
      body: { previousValidHours: 24 },
    });
    expect((await withKey(rotated.body.key, 'GET', '/api/products')).status).toBe(200);
    await h.call('POST', `/api/api-keys/${made.id}/revoke`, { token: admin1 });
    // Assess
    for (const key of [rotated.body.key, again.body.key]) {
      expect((await withKey(key, 'GET', '/api/products')).status).toBe(401);
    }
    // A period the API does not offer is refused.
    const odd = await makeKey(admin1, { role: 'reader', scope: ['*'] });
    const refused = await h.call('POST', `/api/api-keys/${odd.id}/rotate`, {
      token: admin1,
      body: { previousValidHours: 720 },
    });
    expect(refused.status).toBe(422);
  });

  it('keeps another company’s keys out of reach (404) and out of its list', async () => {
    const made = await makeKey(admin1, { role: 'reader', scope: ['*'] });
    const admin2 = await h.login(ADMIN2);
    for (const path of [`/api/api-keys/${made.id}/revoke`, `/api/api-keys/${made.id}/rotate`]) {
      expect((await h.call('POST', path, { token: admin2 })).status).toBe(404);
    }
    expect((await h.call('GET', `/api/api-keys/${made.id}/uses`, { token: admin2 })).status).toBe(404);
    const theirs = await h.call('GET', `/api/api-keys?companyId=${made.id}`, { token: admin2 });
    expect(theirs.body.data.map((k: Made) => k.id)).not.toContain(made.id);
    // The provider's staff see every company's.
    const all = await h.call('GET', '/api/api-keys', { token: await h.login(SUPER) });
    expect(all.body.data.map((k: Made) => k.id)).toContain(made.id);
  });

  it('refuses a cursor that is not a position of the caller’s own list', async () => {
    const forged = Buffer.from(
      JSON.stringify({ PK: 'x', SK: 'y', GSI1PK: 'COMPANY#other#APIKEYS', GSI1SK: '1#' }),
    ).toString('base64url');
    const res = await h.call('GET', `/api/api-keys?cursor=${forged}`, { token: admin1 });
    expect(res.status).toBe(422);
  });

  it('counts each minute’s requests, with the last source, and answers 429 with Retry-After past the rate', {
    timeout: 30_000,
  }, async () => {
    // Prepare
    const made = await makeKey(admin1, { role: 'reader', scope: ['*'] });
    process.env.API_KEY_RATE_LIMIT = '5';
    try {
      // Within one minute: the minute's count is the rate's, so the loop does not straddle two.
      const second = new Date().getUTCSeconds();
      if (second >= 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
      // Act
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await withKey(made.key, 'GET', '/api/warehouses'));
      // Assess
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const retryAfter = Number(answers[5]?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(answers[5]?.body.message).toMatch(/Too many requests for this key/);
    } finally {
      delete process.env.API_KEY_RATE_LIMIT;
    }
    // A refused request is not counted: the minute holds the five served.
    const uses = await h.call('GET', `/api/api-keys/${made.id}/uses`, { token: admin1 });
    const counted = uses.body.reduce((n: number, u: { requests: number }) => n + u.requests, 0);
    expect(counted).toBe(5);
    const listed = (await h.call('GET', '/api/api-keys', { token: admin1 })).body.data.find(
      (k: Made) => k.id === made.id,
    );
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedFrom).toBe(uses.body[0].lastFrom);
  });

  it(`holds a company to ${API_KEY_MAX_ACTIVE} active keys, however many are asked for at once`, async () => {
    // Prepare: the second client, and how many keys it holds already.
    const superadmin = await h.login(SUPER);
    const admin2 = await h.login(ADMIN2);
    const company = { id: (await h.call('GET', '/api/auth/user', { token: admin2 })).body.companyId as string };
    const held = (await h.call('GET', '/api/api-keys', { token: admin2 })).body.data.filter(
      (k: Made) => k.status === 'active',
    ).length;
    // Act
    const asked = await Promise.all(
      Array.from({ length: API_KEY_MAX_ACTIVE + 5 }, (_, i) =>
        h.call('POST', '/api/api-keys', {
          token: superadmin,
          body: { name: `k${i}`, role: 'reader', scope: ['*'], companyId: company.id },
        }),
      ),
    );
    // Assess
    const made = asked.filter((r) => r.status === 201);
    expect(made).toHaveLength(API_KEY_MAX_ACTIVE - held);
    expect(asked.filter((r) => r.status === 422)).toHaveLength(5 + held);
    // A revoked key frees its place.
    await h.call('POST', `/api/api-keys/${made[0]?.body.id}/revoke`, { token: superadmin });
    const again = await h.call('POST', '/api/api-keys', {
      token: superadmin,
      body: { name: 'again', role: 'reader', scope: ['*'], companyId: company.id },
    });
    expect(again.status).toBe(201);
  });
});
