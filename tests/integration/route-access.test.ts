/**
 * Walks the route table. For every route: no token → 401 unless public; each demo role below the access level
 * → 403; a user lacking the route's module scopes → 403; and the admin of the other company, given an id that
 * belongs to CLI001, never gets CLI001's data (404, or 403 where the route is not theirs at all). The same for API
 * keys: a reader key and a writer key of CLI001 (403 where no key reaches, or below their level), a key lacking the
 * route's modules, and a writer key of CLI002 given CLI001's ids.
 * A route added to the table joins this suite by itself; one with path parameters must say below how to fill them.
 */
import { ROLES } from '@cellar/shared/access/roles';
import type { RouteDef } from '@cellar/shared/api/route';
import { apiKeyReaches } from '@cellar/shared/apiKeys/schemas';
import { type RouteId, routes } from '@cellar/shared/routes/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../functions/src/auth/passwords';
import { insertUser } from '../../functions/src/users/repository';
import { ADMIN1, ADMIN2, type Harness, importFile, READER1, SUPER, startHarness, USER1 } from './harness';

let h: Harness;
/** Ids owned by CLI001, found once. */
const cli1: Record<string, string> = {};
const NARROW = 'narrow@cli001.test';

beforeAll(async () => {
  h = await startHarness();
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  cli1.company = me.companyId;
  cli1.user = (await h.call('GET', '/api/users?filter[search]=user@cli001', { token })).body.data[0].id;
  cli1.contact = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0].id;
  cli1.product = (await h.call('GET', '/api/products?paginate=1', { token })).body.data[0].id;
  const draft = await h.call('POST', '/api/receptions', {
    token,
    body: { segment: 'B2B', warehouseId: me.warehouseIds[0], statusCode: '000', stocks: [] },
  });
  cli1.reception = draft.body.id;
  const order = await h.call('POST', '/api/orders', { token, body: { segment: 'B2B', statusCode: '000', stocks: [] } });
  cli1.order = order.body.id;
  const address = { name: 'A', street: '1 rue', postcode: '33000', city: 'Bordeaux' };
  const shippingOrder = await h.call('POST', '/api/shipping-orders', {
    token,
    body: {
      warehouseId: me.warehouseIds[0],
      segment: 'B2B',
      reference: 'ACCESS',
      pickupAddress: address,
      deliveryAddress: address,
      palletCount: 1,
      unitCount: 1,
      deliveryDate: '2999-01-01',
    },
  });
  cli1.shippingOrder = shippingOrder.body.id;
  const update = await h.call('POST', '/api/app-update', {
    token: await h.login(SUPER),
    body: { date: '2026-01-01', title: 't', description: 'd' },
  });
  cli1.appUpdate = update.body.id;
  const csv = 'lastname;firstname;email;role;warehouses;modules\r\nA;B;access.import@cli001.test;reader;BDX;\r\n';
  cli1.import = (await importFile(h, token, 'user', csv)).body.id;
  const exportJob = await h.call('POST', '/api/exports', {
    token,
    body: { path: '/api/contacts', query: 'filter[type]=recipient&columns=code' },
  });
  cli1.export = exportJob.body.id;
  const user = async (id: string, email: string, scope: string[]) =>
    insertUser(
      {
        id,
        email,
        passwordHash: await hashPassword('Cellar-demo-2026'),
        firstname: 'Test',
        lastname: id,
        roleLevel: ROLES.user,
        active: true,
        locale: 'fr-FR',
        companyId: me.companyId,
        companyCode: 'CLI001',
        warehouseIds: me.warehouseIds,
        scope,
        notificationChannels: [],
        childIds: [],
        createdAt: new Date().toISOString(),
        version: 1,
      },
      {},
    );
  // A writer of CLI001 whose only module is orders, and a user the delete route may remove.
  await user('NARROW1', NARROW, ['order']);
  await user('VICTIM1', 'victim@cli001.test', ['*']);
  cli1.victim = 'VICTIM1';
  const key = async (admin: string, role: string, scope: string[]) => {
    const made = await h.call('POST', '/api/api-keys', {
      token: await h.login(admin),
      body: { name: 'k', role, scope },
    });
    return made.body.key as string;
  };
  keyOf.reader = await key(ADMIN1, 'reader', ['*']);
  keyOf.writer = await key(ADMIN1, 'user', ['*']);
  keyOf.narrow = await key(ADMIN1, 'user', ['order']);
  keyOf.other = await key(ADMIN2, 'user', ['*']);
  // A key of its own for the key routes to rotate and revoke.
  const target = await h.call('POST', '/api/api-keys', {
    token: await h.login(ADMIN1),
    body: { name: 'target', role: 'reader', scope: ['*'] },
  });
  cli1.apiKey = target.body.id;
  const hook = await h.call('POST', '/api/webhooks', {
    token: await h.login(ADMIN1),
    body: { url: `${h.url}/_webhooks/access`, events: ['order.shipped'] },
  });
  cli1.webhook = hook.body.id;
});
/** CLI001's keys: a reader, a writer, a writer of orders only; and a writer key of CLI002. */
const keyOf: Record<'reader' | 'writer' | 'narrow' | 'other', string> = {
  reader: '',
  writer: '',
  narrow: '',
  other: '',
};
afterAll(() => h?.stop());

type Sample = {
  params: Record<string, string>;
  otherTenant: readonly number[];
  /** A rule beyond the access level that refuses this caller (403 expected for it). */
  refuses?: (email: string) => boolean;
};
const NOT_FOUND = [404] as const;
const FORBIDDEN = [403] as const;

/** How to fill each route's path parameters with CLI001's (or global) ids, and what CLI002's admin may get. */
const SAMPLES: Partial<Record<RouteId, () => Sample>> = {
  // Only the superadmin, or a parent for its children, may act as another user.
  authLoginAs: () => ({
    params: { id: cli1.user as string },
    otherTenant: FORBIDDEN,
    refuses: (email) => email !== SUPER,
  }),
  userGet: () => ({ params: { id: cli1.user as string }, otherTenant: NOT_FOUND }),
  userUpdate: () => ({ params: { id: cli1.user as string }, otherTenant: [404, 422] }),
  userDelete: () => ({ params: { id: cli1.victim as string }, otherTenant: NOT_FOUND }),
  // E-mails are unique across companies, so the check answers for any e-mail, and only that.
  emailCheck: () => ({ params: { id: USER1 }, otherTenant: [200] }),
  companyGet: () => ({ params: { id: cli1.company as string }, otherTenant: NOT_FOUND }),
  companyUpdate: () => ({ params: { id: cli1.company as string }, otherTenant: FORBIDDEN }),
  companyCarriers: () => ({ params: { id: cli1.company as string, type: 'services' }, otherTenant: NOT_FOUND }),
  companyPermissionAdd: () => ({
    params: { id: cli1.company as string, type: 'services', target: 'x:y' },
    otherTenant: FORBIDDEN,
  }),
  companyPermissionRemove: () => ({
    params: { id: cli1.company as string, type: 'services', target: 'x:y' },
    otherTenant: FORBIDDEN,
  }),
  contactGet: () => ({ params: { id: cli1.contact as string }, otherTenant: NOT_FOUND }),
  contactUpdate: () => ({ params: { id: cli1.contact as string }, otherTenant: [404, 422] }),
  receptionGet: () => ({ params: { id: cli1.reception as string }, otherTenant: NOT_FOUND }),
  receptionTimeline: () => ({ params: { id: cli1.reception as string }, otherTenant: NOT_FOUND }),
  receptionUpdate: () => ({ params: { id: cli1.reception as string }, otherTenant: NOT_FOUND }),
  // A draft: its writers may delete it (the first to try does; the others find nothing).
  receptionDelete: () => ({ params: { id: cli1.reception as string }, otherTenant: NOT_FOUND }),
  orderGet: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  orderTimeline: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  orderCancel: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  orderCarrier: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  orderService: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  orderPdf: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  orderUpdate: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  // A draft: its writers may delete it (the first to try does; the others find nothing).
  orderDelete: () => ({ params: { id: cli1.order as string }, otherTenant: NOT_FOUND }),
  shippingOrderGet: () => ({ params: { id: cli1.shippingOrder as string }, otherTenant: NOT_FOUND }),
  shippingOrderUpdate: () => ({ params: { id: cli1.shippingOrder as string }, otherTenant: NOT_FOUND }),
  shippingOrderDelete: () => ({ params: { id: cli1.shippingOrder as string }, otherTenant: NOT_FOUND }),
  // Preferences are the caller's own: another company's user reaches only its own.
  preferenceGet: () => ({ params: { slug: 'recipient' }, otherTenant: [200] }),
  preferencePut: () => ({ params: { slug: 'recipient' }, otherTenant: [422] }),
  preferenceDelete: () => ({ params: { slug: 'recipient' }, otherTenant: [204] }),
  appUpdateDelete: () => ({ params: { id: cli1.appUpdate as string }, otherTenant: FORBIDDEN }),
  // The product referential is global.
  familyAttributes: () => ({ params: { id: 'WINE_RED' }, otherTenant: [200] }),
  attributeGet: () => ({ params: { groupId: 'products', attributeId: 'color' }, otherTenant: [200] }),
  productGet: () => ({ params: { id: cli1.product as string }, otherTenant: NOT_FOUND }),
  productUpdate: () => ({ params: { id: cli1.product as string }, otherTenant: [404, 422] }),
  // The user import is for admins; any writer reaches the other templates of its scopes.
  importTemplate: () => ({
    params: { template: 'user' },
    otherTenant: [200],
    refuses: (email) => email === USER1 || email === NARROW || email.startsWith('key:'),
  }),
  // The body is checked first (no file here); the template's own rule comes after.
  importUpload: () => ({ params: { template: 'contact' }, otherTenant: [422] }),
  importGet: () => ({ params: { id: cli1.import as string }, otherTenant: NOT_FOUND }),
  importRefused: () => ({ params: { id: cli1.import as string }, otherTenant: NOT_FOUND }),
  // An export is its requester's (CLI001's admin): everybody else, of its company or not, gets a 404.
  exportGet: () => ({ params: { id: cli1.export as string }, otherTenant: NOT_FOUND }),
  apiKeyRotate: () => ({ params: { id: cli1.apiKey as string }, otherTenant: NOT_FOUND }),
  apiKeyRevoke: () => ({ params: { id: cli1.apiKey as string }, otherTenant: NOT_FOUND }),
  apiKeyUses: () => ({ params: { id: cli1.apiKey as string }, otherTenant: NOT_FOUND }),
  webhookUpdate: () => ({ params: { id: cli1.webhook as string }, otherTenant: NOT_FOUND }),
  // Its admins may remove it (the first to try does; the others find nothing).
  webhookDelete: () => ({ params: { id: cli1.webhook as string }, otherTenant: NOT_FOUND }),
  webhookRotate: () => ({ params: { id: cli1.webhook as string }, otherTenant: NOT_FOUND }),
  webhookDeliveries: () => ({ params: { id: cli1.webhook as string }, otherTenant: NOT_FOUND }),
  webhookReplay: () => ({ params: { id: cli1.webhook as string, deliveryId: 'order.x.1' }, otherTenant: NOT_FOUND }),
};

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'UNKNOWN'));
const bodyFor = (route: RouteDef) => (route.body ? {} : undefined);
const entries = Object.entries(routes) as [RouteId, RouteDef][];

it('knows how to fill every route with path parameters', () => {
  const missing = entries.filter(([id, r]) => r.path.includes('{') && !SAMPLES[id]).map(([id]) => id);
  expect(missing).toEqual([]);
});

describe.each(entries.map(([id, r]) => [`${r.method} ${r.path}`, id, r] as const))('%s', (_name, id, route) => {
  const path = () => fill(route.path, SAMPLES[id]?.().params ?? {});

  it('needs a token unless public', async () => {
    const res = await h.call(route.method, path(), { body: bodyFor(route) });
    if (route.access === 0) expect(res.status).not.toBe(401);
    else expect(res.status).toBe(401);
  });

  it.each([
    [READER1, ROLES.reader],
    [USER1, ROLES.user],
    [ADMIN1, ROLES.admin],
    [SUPER, ROLES.superadmin],
  ] as const)('as %s: 403 below its level, never 401/403/500 at or above', async (email, level) => {
    const res = await h.call(route.method, path(), { token: await h.login(email), body: bodyFor(route) });
    if (level < route.access || SAMPLES[id]?.().refuses?.(email)) expect(res.status).toBe(403);
    else expect([401, 403, 500], res.text).not.toContain(res.status);
  });

  it('refuses a user without its module scopes', async () => {
    const res = await h.call(route.method, path(), { token: await h.login(NARROW), body: bodyFor(route) });
    const scoped = route.scopes?.length && !route.scopes.includes('order');
    if (route.access > ROLES.user || scoped || SAMPLES[id]?.().refuses?.(NARROW))
      expect(res.status, res.text).toBe(403);
    else expect([401, 403, 500], res.text).not.toContain(res.status);
  });

  it.runIf(route.path.includes('{'))('does not give another company’s records away', async () => {
    const sample = SAMPLES[id]?.();
    const res = await h.call(route.method, path(), { token: await h.login(ADMIN2), body: bodyFor(route) });
    expect(sample?.otherTenant, `${res.status} ${res.text}`).toContain(res.status);
  });

  it.each([
    ['reader', ROLES.reader],
    ['writer', ROLES.user],
  ] as const)(
    'with a %s key: 403 where no key reaches or below its level, never 401/403/500 else',
    async (k, level) => {
      const res = await h.call(route.method, path(), { token: keyOf[k], body: bodyFor(route) });
      if (route.access === 0) expect(res.status).not.toBe(403);
      else if (!apiKeyReaches(route) || level < route.access || SAMPLES[id]?.().refuses?.(`key:${k}`))
        expect(res.status, res.text).toBe(403);
      else expect([401, 403, 500], res.text).not.toContain(res.status);
    },
  );

  it('refuses a key without its module scopes', async () => {
    const res = await h.call(route.method, path(), { token: keyOf.narrow, body: bodyFor(route) });
    const scoped = route.scopes?.length && !route.scopes.includes('order');
    if (route.access === 0) expect(res.status).not.toBe(403);
    else if (!apiKeyReaches(route) || scoped || SAMPLES[id]?.().refuses?.('key:writer'))
      expect(res.status, res.text).toBe(403);
    else expect([401, 403, 500], res.text).not.toContain(res.status);
  });

  it.runIf(route.path.includes('{'))('does not give another company’s records away to its key', async () => {
    const sample = SAMPLES[id]?.();
    const res = await h.call(route.method, path(), { token: keyOf.other, body: bodyFor(route) });
    const reached = route.access === 0 || (apiKeyReaches(route) && !sample?.refuses?.('key:writer'));
    const expected = reached ? sample?.otherTenant : FORBIDDEN;
    expect(expected, `${res.status} ${res.text}`).toContain(res.status);
  });
});
