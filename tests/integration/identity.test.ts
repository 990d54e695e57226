import { todayIn } from '@cellar/shared/common/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN1, ADMIN2, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const me = async (email: string) =>
  (await h.call('GET', '/api/auth/user?include=company', { token: await h.login(email) })).body;

/** The newest link the local mailbox holds for an address. */
async function linkFor(email: string): Promise<URL> {
  const [link] = await h.mailboxLinks(email);
  if (!link) throw new Error(`No mail for ${email}`);
  return link;
}

const newUser = (email: string, patch: Record<string, unknown> = {}) => ({
  lastname: 'Durand',
  firstname: 'Alice',
  email,
  email_confirmation: email,
  role: 'user',
  warehouseIds: [] as string[],
  scope: ['order'],
  ...patch,
});

describe('Users', () => {
  it('lets an admin create a user of its company, who receives a first-login link', async () => {
    const admin = await me(ADMIN1);
    const token = await h.login(ADMIN1);
    const wh = (await h.call('GET', '/api/warehouses', { token })).body.map((w: { id: string }) => w.id);
    const created = await h.call('POST', '/api/users?include=company', {
      token,
      body: newUser('Alice@Cli001.test', { warehouseIds: [wh[0]], companyId: 'IGNORED' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'alice@cli001.test',
      role: 'user',
      companyId: admin.companyId,
      active: true,
    });
    const link = await linkFor('alice@cli001.test');
    expect(link.pathname).toBe('/new-user');
    expect(link.searchParams.get('email')).toBe('alice@cli001.test');
    // First login: weak password refused, then a good one signs in.
    const weak = await h.call('POST', '/api/auth/password/reset', {
      body: {
        email: 'alice@cli001.test',
        token: link.searchParams.get('token'),
        password: 'short',
        password_confirmation: 'short',
      },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password[0]).toContain('10');
    const set = await h.call('POST', '/api/auth/password/reset', {
      body: {
        email: 'alice@cli001.test',
        token: link.searchParams.get('token'),
        password: 'Vendanges2026',
        password_confirmation: 'Vendanges2026',
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.access_token).toBeTruthy();
    const again = await h.call('POST', '/api/auth/password/reset', {
      body: {
        email: 'alice@cli001.test',
        token: link.searchParams.get('token'),
        password: 'Vendanges2027',
        password_confirmation: 'Vendanges2027',
      },
    });
    expect(again.status).toBe(422);
    const login = await h.call('POST', '/api/auth/token', {
      body: { email: 'alice@cli001.test', password: 'Vendanges2026' },
    });
    expect(login.status).toBe(200);
  });

  it('enforces the creation rules on the server', async () => {
    const token = await h.login(ADMIN1);
    const wh = (await h.call('GET', '/api/warehouses', { token })).body.map((w: { id: string }) => w.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'admin' }, 'role'],
      [{ role: 'superadmin' }, 'role'],
      [{ role: 'king' }, 'role'],
      [{ email_confirmation: 'other@cli001.test' }, 'email_confirmation'],
      [{ warehouseIds: ['NOT-OURS'] }, 'warehouseIds'],
      [{ email: 'admin@cli002.test', email_confirmation: 'admin@cli002.test' }, 'email'],
    ];
    for (const [patch, field] of cases) {
      const res = await h.call('POST', '/api/users', {
        token,
        body: newUser('bob@cli001.test', { warehouseIds: [wh[0]], ...patch }),
      });
      expect([409, 422], JSON.stringify(patch)).toContain(res.status);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(patch)).toContain(field);
    }
    expect(
      (await h.call('POST', '/api/users', { token: await h.login(USER1), body: newUser('x@cli001.test') })).status,
    ).toBe(403);
  });

  it('keeps companies apart and protects one’s own account', async () => {
    const token = await h.login(ADMIN1);
    const admin2 = await me(ADMIN2);
    expect((await h.call('GET', `/api/users/${admin2.id}`, { token })).status).toBe(404);
    const list = await h.call('GET', `/api/users?filter[company.uuid]=${admin2.companyId}`, { token });
    expect(list.body.meta.total).toBe(0);
    const own = await h.call('GET', '/api/users?sort=lastname&paginate=100', { token });
    expect(own.body.data.every((u: { companyId: string }) => u.companyId !== admin2.companyId)).toBe(true);
    const self = await me(ADMIN1);
    const body = { lastname: 'X', firstname: 'Y', role: 'admin', warehouseIds: [], scope: [], active: false };
    expect(
      (
        await h.call('PUT', `/api/users/${self.id}`, {
          token,
          body: { ...body, warehouseIds: self.warehouseIds ?? ['x'] },
        })
      ).status,
    ).toBe(403);
    expect((await h.call('DELETE', `/api/users/${self.id}`, { token })).status).toBe(403);
    const reader = await me(READER1);
    const deactivated = await h.call('PUT', `/api/users/${reader.id}`, {
      token,
      body: {
        lastname: 'Reader',
        firstname: 'R',
        role: 'reader',
        warehouseIds: (await h.call('GET', `/api/users/${reader.id}`, { token })).body.warehouseIds,
        scope: ['*'],
        active: false,
      },
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    const login = await h.call('POST', '/api/auth/token', { body: { email: READER1, password: 'Cellar-demo-2026' } });
    expect(login.status).toBe(401);
  });

  it('exports users with the spec’s column mapping', async () => {
    const res = await h.call('GET', '/api/users?output=csv&columns=name,email,role,warehouses,company', {
      token: await h.login(SUPER),
    });
    expect(res.status).toBe(200);
    const [header, ...lines] = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('First name;Last name;E-mail;Role;Warehouses;Account');
    expect(lines.some((l) => l.includes('admin@cli002.test;Administrator;BDX, COG;CLI002'))).toBe(true);
    const fr = await h.call('GET', '/api/users?output=csv&columns=email,role,active', {
      token: await h.login(SUPER),
      lang: 'fr',
    });
    const frLines = fr.text.trim().split('\r\n');
    expect(frLines[0]).toBe('E-mail;Rôle;Actif');
    expect(frLines).toContain('admin@cli002.test;Administrateur;Oui');
  });

  it('tells whether an e-mail is taken', async () => {
    const token = await h.login(ADMIN1);
    expect((await h.call('GET', '/api/email/USER@cli001.test', { token })).body).toBe('user@cli001.test');
    expect((await h.call('GET', '/api/email/free@cli001.test', { token })).body).toBe('');
  });
});

describe('Password reset and sign-in protection', () => {
  it('always answers the same, and mails a single-use link to real accounts', async () => {
    for (const email of ['user@cli001.test', 'nobody@nowhere.test']) {
      const res = await h.call('POST', '/api/auth/password/email', { body: { email } });
      expect(res).toMatchObject({ status: 200, body: { message: 'Reset email sent.' } });
    }
    const link = await linkFor('user@cli001.test');
    expect(link.pathname).toBe('/reset-password');
    const body = {
      email: 'user@cli001.test',
      token: link.searchParams.get('token'),
      password: 'Millesime2026',
      password_confirmation: 'Millesime2026',
    };
    expect(
      (await h.call('POST', '/api/auth/password/reset', { body: { ...body, email: 'admin@cli001.test' } })).status,
    ).toBe(422);
    const before = await h.login(USER1);
    const reset = await h.call('POST', '/api/auth/password/reset', { body });
    expect(reset.status).toBe(200);
    // The reset ends the account's other sessions: the fresh one goes on.
    expect((await h.call('GET', '/api/auth/user', { token: before })).status).toBe(401);
    h.remember(USER1, reset.body.access_token);
    expect(
      (await h.call('POST', '/api/auth/token', { body: { email: 'user@cli001.test', password: 'Millesime2026' } }))
        .status,
    ).toBe(200);
  });

  it('keeps no usable link in the outbox, and its records expire', async () => {
    await h.call('POST', '/api/auth/password/email', { body: { email: 'user@cli001.test' } });
    const token = (await linkFor('user@cli001.test')).searchParams.get('token') as string;
    expect(token.length).toBeGreaterThan(20);
    // The outbox record, as stored in the table (the handlers run in this process).
    const { readOutbox } = await import('@cellar/functions/platform/messaging/mail');
    const outbox = await readOutbox(200);
    expect(JSON.stringify(outbox)).not.toContain(token);
    const [latest] = outbox.filter((m) => m.to === 'user@cli001.test');
    expect(latest?.text).toContain('token=[redacted]');
    expect(latest?.ttl).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  it('locks an e-mail after five failed sign-ins, saying for how long', async () => {
    const email = 'admin@cli002.test';
    for (let i = 0; i < 5; i++) {
      expect((await h.call('POST', '/api/auth/token', { body: { email, password: 'wrong' } })).status).toBe(401);
    }
    const locked = await h.call('POST', '/api/auth/token', { body: { email, password: 'Cellar-demo-2026' } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
  });
});

describe('Impersonation', () => {
  it('lets the superadmin act as anyone and a parent as its children only', async () => {
    const admin1 = await me(ADMIN1);
    const user1 = await me(USER1);
    const admin2 = (await h.call('GET', '/api/auth/user?include=company', { token: await h.login(SUPER) })).body;
    const asAdmin1 = await h.call('GET', `/api/auth/login-as/${admin1.id}`, { token: await h.login(SUPER) });
    expect(asAdmin1.status).toBe(200);
    const acting = await h.call('GET', '/api/auth/user', { token: asAdmin1.body.access_token });
    expect(acting.body).toMatchObject({ email: ADMIN1, impersonatedBy: admin2.id });
    const children = (await h.call('GET', '/api/auth/user?include=children', { token: await h.login(ADMIN1) })).body
      .children;
    const child = await h.call('GET', `/api/auth/login-as/${children[0].id}`, { token: await h.login(ADMIN1) });
    expect(child.status).toBe(200);
    expect((await h.call('GET', `/api/auth/login-as/${user1.id}`, { token: await h.login(ADMIN1) })).status).toBe(403);
  });
});

describe('Companies', () => {
  const company = (code: string, warehouseIds: string[]) => ({
    code,
    name: `Maison ${code}`,
    address: {
      isCompany: true,
      company: `Maison ${code}`,
      street: '1 rue A',
      postcode: '33000',
      city: 'Bordeaux',
      country: 'FR',
      siretNumber: '73282932000074',
    },
    warehouseIds,
    segments: ['B2C'],
    scope: ['order', 'recipient'],
  });

  it('lets the superadmin create a company with a unique code, and nobody else', async () => {
    const token = await h.login(SUPER);
    const wh = (await h.call('GET', '/api/warehouses', { token })).body.map((w: { id: string }) => w.id);
    const created = await h.call('POST', '/api/companies?include=warehouses', {
      token,
      body: company('CLI900', [wh[0]]),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'CLI900',
      segments: [{ code: 'B2C' }],
      warehouses: [{ id: wh[0] }],
      active: true,
    });
    expect((await h.call('POST', '/api/companies', { token, body: company('CLI900', [wh[0]]) })).status).toBe(409);
    // A company code obeys the code rule, as every other code.
    const badCode = await h.call('POST', '/api/companies', { token, body: company('cli 9?', [wh[0]]) });
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.code).toEqual([
      'Only upper-case letters, digits, hyphens, slashes and underscores are allowed.',
    ]);
    expect(
      (await h.call('POST', '/api/companies', { token: await h.login(ADMIN1), body: company('CLI901', [wh[0]]) }))
        .status,
    ).toBe(403);
    const list = await h.call('GET', '/api/companies?sort=-code&paginate=100', { token });
    expect(list.body.data[0].code).toBe('CLI900');
    const own = await h.call('GET', '/api/companies', { token: await h.login(ADMIN1) });
    expect(own.body.data.map((c: { code: string }) => c.code)).toEqual(['CLI001']);
  });

  it('adds and removes carrier service permissions', async () => {
    const token = await h.login(SUPER);
    const cli002 = (await me(ADMIN2)).companyId;
    const carriers = await h.call('GET', '/api/contacts?filter[type]=carrier&filter[code]=DPD', { token });
    const dpd = carriers.body.data[0];
    const target = `${dpd.id}:PICKUP`;
    const added = await h.call('PUT', `/api/companies/${cli002}/services/${encodeURIComponent(target)}`, { token });
    expect(added.status).toBe(200);
    expect(added.body.permissions.services).toContain(target);
    const list = await h.call('GET', `/api/companies/${cli002}/services/carriers`, { token: await h.login(SUPER) });
    expect(list.body).toEqual([
      expect.objectContaining({ code: 'DPD', services: [expect.objectContaining({ code: 'PICKUP' })] }),
    ]);
    // A user's company.carriers include answers them too (it is accepted, so it is returned).
    const admin2 = (await me(ADMIN2)).id;
    const withCarriers = await h.call('GET', `/api/users/${admin2}?include=company.carriers`, { token });
    expect(withCarriers.body.company.carriers).toEqual([
      expect.objectContaining({ carrierId: dpd.id, service: expect.objectContaining({ code: 'PICKUP' }) }),
    ]);
    // Not a list's include: refused there rather than ignored.
    expect((await h.call('GET', '/api/users?include=company.carriers', { token })).status).toBe(422);
    const removed = await h.call('DELETE', `/api/companies/${cli002}/services/${encodeURIComponent(target)}`, {
      token,
    });
    expect(removed.body.permissions.services).not.toContain(target);
    expect(
      (await h.call('PUT', `/api/companies/${cli002}/services/${encodeURIComponent(`${dpd.id}:NOPE`)}`, { token }))
        .status,
    ).toBe(404);
  });
});

describe('App updates and activity logs', () => {
  it('lets the superadmin publish and delete updates, counted in the badge', async () => {
    const token = await h.login(SUPER);
    const before = (await h.call('GET', '/api/last-updates', { token: await h.login(ADMIN1) })).body.count;
    const today = new Date().toISOString().slice(0, 10);
    const created = await h.call('POST', '/api/app-update', {
      token,
      body: { date: today, title: 'Export CSV', description: 'Les exports gardent vos filtres.' },
    });
    expect(created.status).toBe(201);
    expect((await h.call('POST', '/api/app-update', { token, body: { date: today } })).status).toBe(422);
    expect((await h.call('POST', '/api/app-update', { token: await h.login(ADMIN1), body: created.body })).status).toBe(
      403,
    );
    expect((await h.call('GET', '/api/last-updates', { token })).body.count).toBe(before + 1);
    const list = await h.call('GET', '/api/app-updates?paginate=10', { token });
    expect(list.body.data[0]).toMatchObject({ title: 'Export CSV' });
    expect((await h.call('DELETE', `/api/app-update/${created.body.id}`, { token })).status).toBe(204);
    expect((await h.call('GET', '/api/last-updates', { token })).body.count).toBe(before);
  });

  it('records page views except while impersonating, and counts them for the statistics', async () => {
    const token = await h.login(USER1);
    for (const pageName of ['dashboard', 'recipient-list', 'recipient-list']) {
      expect((await h.call('POST', '/api/activity-logs', { token, body: { type: 'pageView', pageName } })).status).toBe(
        204,
      );
    }
    const admin1 = await me(ADMIN1);
    const impersonation = (await h.call('GET', `/api/auth/login-as/${admin1.id}`, { token: await h.login(SUPER) })).body
      .access_token;
    await h.call('POST', '/api/activity-logs', {
      token: impersonation,
      body: { type: 'pageView', pageName: 'secret-page' },
    });
    const logs = await h.call('GET', '/api/activity-logs?paginate=50', { token: await h.login(SUPER) });
    const pages = logs.body.data.map((l: { pageName: string }) => l.pageName);
    expect(pages).toContain('recipient-list');
    expect(pages).not.toContain('secret-page');
    const stats = await h.call('GET', '/api/activity-logs/stats', { token: await h.login(SUPER) });
    // The statistics count by the day in Paris (after 23:00 UTC, already tomorrow's).
    const today = todayIn();
    expect(stats.body).toContainEqual({
      company: 'CLI001',
      type: 'pageView',
      pageName: 'recipient-list',
      days: { [today]: 2 },
    });
    expect(stats.body.some((r: { pageName: string }) => r.pageName === 'secret-page')).toBe(false);
    const csv = await h.call('GET', '/api/activity-logs?output=csv', { token: await h.login(SUPER) });
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Type;Page;Date;Compagnie;Nom;Prénom;Email');
    // The date is read in Paris, in the caller's language (English here), or as stored with dates=iso.
    expect(csv.text.split('\r\n')[1]?.split(';')[2]).toMatch(/^\d{2} [A-Z][a-z]{2,3} \d{4} \d{2}:\d{2}$/);
    const iso = await h.call('GET', '/api/activity-logs?output=csv&dates=iso', { token: await h.login(SUPER) });
    expect(iso.text.split('\r\n')[1]?.split(';')[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    const other = await h.call('GET', '/api/activity-logs/stats', { token: await h.login(ADMIN2) });
    expect(other.body.every((r: { company: string }) => r.company === 'CLI002')).toBe(true);
    // A period of at most a year: a longer or reversed one would read month after month for nothing.
    // A lone bound is checked with the other one the period would take (this year's): a reader's lone far bound would
    // otherwise read every month since year 1.
    const year = new Date().getUTCFullYear();
    for (const range of [
      'start_date=1000-01-01&end_date=2026-12-31',
      'start_date=2026-06-01&end_date=2026-05-01',
      'start_date=0001-01-01',
      `start_date=${year - 2}-12-31`,
      'end_date=9999-12-31',
      `end_date=${year - 1}-12-31`,
    ]) {
      const refused = await h.call('GET', `/api/activity-logs/stats?${range}`, { token: await h.login(ADMIN2) });
      expect(refused.status, range).toBe(422);
      expect(refused.body.errors.end_date).toEqual([
        'The period covers at most a year, and its end is not before its start.',
      ]);
    }
    const wholeYear = await h.call('GET', '/api/activity-logs/stats?start_date=2025-07-01&end_date=2026-06-30', {
      token: await h.login(ADMIN2),
    });
    expect(wholeYear.status).toBe(200);
    const lone = await h.call('GET', `/api/activity-logs/stats?start_date=${year}-03-01`, {
      token: await h.login(ADMIN2),
    });
    expect(lone.status).toBe(200);
  });
});

describe('Settings and company rules', () => {
  it('saves the language alone, or the whole settings form', async () => {
    const token = await h.login(ADMIN1);
    const locale = await h.call('PUT', '/api/auth/user', { token, body: { locale: 'en-FR' } });
    expect(locale.status, locale.text).toBe(200);
    expect(locale.body.data).toMatchObject({ locale: 'en-FR', email: ADMIN1 });
    const form = await h.call('PUT', '/api/auth/user', {
      token,
      lang: 'fr',
      body: { firstname: 'Léa', lastname: 'Chevalier', email: ADMIN1 },
    });
    expect(form.body.message).toBe('Vos informations ont été mises à jour.');
    expect((await h.call('PUT', '/api/auth/user', { token, body: { email: 'nope' } })).status).toBe(422);
  });

  it('checks the company address like any address, and grants carriers as contacts', async () => {
    const token = await h.login(SUPER);
    const wh = (await h.call('GET', '/api/warehouses', { token })).body[0].id;
    const carrier = (await h.call('GET', '/api/contacts?filter[type]=carrier&filter[code]=GEODIS', { token })).body
      .data[0];
    const bad = await h.call('POST', '/api/companies', {
      token,
      body: {
        code: 'BADADDR',
        name: 'X',
        address: { isCompany: true, company: 'X', postcode: '123' },
        warehouseIds: [wh],
        segments: ['B2B'],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['address.street', 'address.city', 'address.postcode']),
    );
    const body = {
      code: 'CARR1',
      name: 'Carr',
      address: { isCompany: true, company: 'Carr', street: '1 rue A', postcode: '33000', city: 'Bordeaux' },
      warehouseIds: [wh],
      segments: ['B2B'],
      carrierIds: [carrier.id],
    };
    const created = await h.call('POST', '/api/companies?include=permissions', { token, body });
    expect(created.body.permissions.contacts).toEqual([carrier.id]);
    const { carrierIds: _omitted, ...withoutCarriers } = body;
    const kept = await h.call('PUT', `/api/companies/${created.body.id}?include=permissions`, {
      token,
      body: { ...withoutCarriers, name: 'Carr 2' },
    });
    expect(kept.body).toMatchObject({ name: 'Carr 2', permissions: { contacts: [carrier.id] } });
    expect(
      (
        await h.call('POST', '/api/companies', {
          token,
          body: { ...body, code: 'CARR2', carrierIds: ['NOT-A-CARRIER'] },
        })
      ).status,
    ).toBe(422);
  });
});
