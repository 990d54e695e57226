/**
 * The first superadmin of an empty stage, through the ops command's own code path (infra/ops/first-superadmin.ts)
 * against the local runtime: the person, the provider's company and warehouses are created, the first-login link is
 * e-mailed, the person chooses a password and signs in as the superadmin; the command is once per stage, and a run
 * that died half-way is finished by running it again.
 */
import { keys } from '@cellar/functions/data/keys';
import { warehouseRecords } from '@cellar/functions/data/reference';
import { putNew } from '@cellar/functions/data/table';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInvocation, run } from '../../infra/ops/first-superadmin';
import { type Harness, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: false });
});
afterAll(() => h?.stop());

const EMAIL = 'anne.martin@cellar-logistique.test';
const argv = (email = EMAIL) => [
  '--env',
  'local',
  '--email',
  email,
  '--firstname',
  'Anne',
  '--lastname',
  'Martin',
  '--company',
  'CELLAR=Cellar Logistique',
  '--warehouse',
  'BDX=Bordeaux – Bruges',
  '--warehouse',
  'COG=Cognac – Châteaubernard',
];

async function choosePassword(link: URL, password: string) {
  return h.call<{ access_token: string }>('POST', '/api/auth/password/reset', {
    body: {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password,
      password_confirmation: password,
    },
  });
}

describe('The first superadmin of a stage', () => {
  it('reads its command line and refuses one without the company', () => {
    const invocation = parseInvocation(argv());
    expect(invocation.request).toMatchObject({
      email: EMAIL,
      company: { code: 'CELLAR', name: 'Cellar Logistique', country: 'FR' },
      warehouses: [
        { code: 'BDX', name: 'Bordeaux – Bruges' },
        { code: 'COG', name: 'Cognac – Châteaubernard' },
      ],
    });
    expect(() => parseInvocation(['--env', 'local', '--email', EMAIL])).toThrow(/Usage/);
    expect(() => parseInvocation([...argv(), '--warehouse', 'no-name'])).toThrow(/CODE=name/);
  });

  it('refuses a request the shared schema refuses, writing nothing', async () => {
    const bad = parseInvocation(argv('not-an-email')).request;
    await expect(run({ ...bad, warehouses: [] }, h.runtime.env)).rejects.toMatchObject({
      details: { fields: { email: expect.anything(), warehouses: expect.anything() } },
    });
    expect(await h.mailboxLinks('not-an-email')).toEqual([]);
  });

  it('refuses a deployed stage that sends no e-mail: the link would reach nobody', async () => {
    const request = parseInvocation(argv()).request;
    await expect(run(request, { ...h.runtime.env, APP_ENV: 'production', MAIL_SENDER: '' })).rejects.toThrow(/SES/);
  });

  it('finishes a first run that died half-way: nothing twice, the link sent again until a password is chosen; the person signs in', async () => {
    const request = parseInvocation(argv()).request;
    // The first run died right after its first warehouse: its claim and that warehouse are written, nothing else.
    const claim = {
      request: { ...request, language: 'fr', company: { ...request.company, country: 'FR' } },
      userId: ulid(),
      companyId: ulid(),
      warehouseIds: [ulid(), ulid()],
      createdAt: new Date().toISOString(),
    };
    await putNew({ ...keys.firstSuperadmin, ...claim });
    await warehouseRecords.insertOnce({ id: claim.warehouseIds[0] as string, code: 'BDX', name: 'Bordeaux – Bruges' });

    // Run again, twice (the first link was lost): one user, one company, two warehouses, with the claim's ids.
    expect(await run(request, h.runtime.env)).toContain(EMAIL);
    await run(request, h.runtime.env);
    const links = await h.mailboxLinks(EMAIL);
    expect(links).toHaveLength(2);
    expect(links[0]?.pathname).toBe('/new-user');
    const set = await choosePassword(links[0] as URL, 'Assemblage-Millesime-2026');
    expect(set.status).toBe(200);
    const token = set.body.access_token;
    const me = await h.call('GET', '/api/auth/user?include=company,warehouses', { token });
    expect(me.body).toMatchObject({
      id: claim.userId,
      email: EMAIL,
      role: 'superadmin',
      company: { id: claim.companyId, code: 'CELLAR' },
    });
    expect(me.body.warehouses.map((w: { id: string }) => w.id).sort()).toEqual([...claim.warehouseIds].sort());
    expect((await h.call('GET', '/api/users', { token })).body.meta.total).toBe(1);
    const warehouses = await h.call('GET', '/api/warehouses', { token });
    expect(warehouses.body.map((w: { code: string }) => w.code).sort()).toEqual(['BDX', 'COG']);
    // The superadmin creates client companies on those warehouses, in the application.
    const companies = await h.call('GET', '/api/companies', { token });
    expect(companies.body.data.map((c: { code: string }) => c.code)).toEqual(['CELLAR']);
  });

  it('is once per stage: refused again, with the same or another e-mail, once the person has signed in', async () => {
    await expect(run(parseInvocation(argv()).request, h.runtime.env)).rejects.toMatchObject({
      details: { fields: { email: ['api.first_superadmin_exists'] } },
    });
    await expect(run(parseInvocation(argv('someone.else@cellar.test')).request, h.runtime.env)).rejects.toMatchObject({
      details: { fields: { email: ['api.first_superadmin_exists'] } },
    });
    expect(await h.mailboxLinks('someone.else@cellar.test')).toEqual([]);
  });
});
