/**
 * Sessions and accounts (issue 12): an impersonation ends when its actor may no longer act, a deactivated company
 * stops its users at once, and sessions are revoked by a per-user token version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, SUPER, startHarness } from './harness';

let h: Harness;
let superToken: string;
let warehouseId: string;
beforeAll(async () => {
  h = await startHarness();
  superToken = await h.login(SUPER);
  warehouseId = (await h.call('GET', '/api/warehouses', { token: superToken })).body[0].id;
});
afterAll(() => h?.stop());

const PASSWORD = 'Vendanges2026';

const linksFor = (email: string) => h.mailboxLinks(email);

const useLink = (link: URL, password = PASSWORD) =>
  h.call('POST', '/api/auth/password/reset', {
    body: {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
      password,
      password_confirmation: password,
    },
  });

const signIn = (email: string, password = PASSWORD) => h.call('POST', '/api/auth/token', { body: { email, password } });

const me = (token: string, headers: Record<string, string> = {}) => h.call('GET', '/api/auth/user', { token, headers });

const companyBody = (code: string, active = true) => ({
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
  warehouseIds: [warehouseId],
  segments: ['B2C'],
  scope: ['order', 'recipient'],
  active,
});

async function newCompany(code: string): Promise<string> {
  const res = await h.call('POST', '/api/companies', { token: superToken, body: companyBody(code) });
  expect(res.status).toBe(201);
  return res.body.id;
}

const setCompanyActive = async (id: string, code: string, active: boolean) =>
  expect(
    (await h.call('PUT', `/api/companies/${id}`, { token: superToken, body: companyBody(code, active) })).status,
  ).toBe(200);

interface Account {
  id: string;
  email: string;
  token: string;
}

const userBody = (patch: Record<string, unknown> = {}) => ({
  lastname: 'Durand',
  firstname: 'Alice',
  role: 'admin',
  warehouseIds: [warehouseId],
  scope: ['order'],
  ...patch,
});

/** A user of a company, created by the superadmin, with its first password set through its welcome link. */
async function newUser(email: string, companyId: string): Promise<Account> {
  const created = await h.call('POST', '/api/users', {
    token: superToken,
    body: { ...userBody(), companyId, email, email_confirmation: email },
  });
  expect(created.status).toBe(201);
  const [link] = await linksFor(email);
  const set = await useLink(link as URL);
  expect(set.status).toBe(200);
  return { id: created.body.id, email, token: set.body.access_token };
}

const editUser = async (id: string, patch: Record<string, unknown>) =>
  expect((await h.call('PUT', `/api/users/${id}`, { token: superToken, body: userBody(patch) })).status).toBe(200);

describe('Impersonation ends when its actor may no longer act', () => {
  let target: Account;
  let actorsCompany: string;
  beforeAll(async () => {
    target = await newUser('target@cli941.test', await newCompany('CLI941'));
    actorsCompany = await newCompany('CLI942');
  });

  /** An actor of CLI942 with the target as its child, and the token it gets to act as the target. */
  async function impersonation(email: string, companyId = actorsCompany) {
    const actor = await newUser(email, companyId);
    await editUser(actor.id, { childIds: [target.id] });
    const res = await h.call('GET', `/api/auth/login-as/${target.id}`, { token: actor.token });
    expect(res.status).toBe(200);
    const token: string = res.body.access_token;
    expect((await me(token)).body).toMatchObject({ email: target.email, impersonatedBy: actor.id });
    return { actor, token };
  }

  /** The token neither authenticates (as the bearer or as the impersonation header) nor is exchanged. */
  async function expectRevoked(actor: Account, token: string) {
    expect((await me(token)).status).toBe(401);
    const header = await me(actor.token, { 'x-impersonation-token': token });
    expect(header.status).toBe(401);
    expect(header.body).toMatchObject({ message: 'Unauthenticated.' });
    expect((await h.call('GET', `/api/auth/login-as/${target.id}`, { token })).status).toBe(401);
  }

  it('stops when the target is no longer among the actor’s children', async () => {
    const { actor, token } = await impersonation('actor1@cli942.test');
    await editUser(actor.id, { childIds: [] });
    await expectRevoked(actor, token);
  });

  it('stops when the actor is deactivated', async () => {
    const { actor, token } = await impersonation('actor2@cli942.test');
    await editUser(actor.id, { active: false });
    expect((await me(token)).status).toBe(401);
    expect((await h.call('GET', `/api/auth/login-as/${target.id}`, { token })).status).toBe(401);
  });

  it('stops when the actor is deleted', async () => {
    const { actor, token } = await impersonation('actor3@cli942.test');
    expect((await h.call('DELETE', `/api/users/${actor.id}`, { token: superToken })).status).toBe(204);
    expect((await me(token)).status).toBe(401);
    expect((await h.call('GET', `/api/auth/login-as/${target.id}`, { token })).status).toBe(401);
  });

  it('stops when the actor’s company is deactivated, though the target’s is active', async () => {
    const companyId = await newCompany('CLI943');
    const { token } = await impersonation('actor4@cli943.test', companyId);
    await setCompanyActive(companyId, 'CLI943', false);
    expect((await me(token)).status).toBe(401);
    expect((await h.call('GET', `/api/auth/login-as/${target.id}`, { token })).status).toBe(401);
    expect((await me(target.token)).status).toBe(200);
  });

  it('goes on while the actor may act, and the superadmin may act as anyone', async () => {
    const { token } = await impersonation('actor5@cli942.test');
    expect((await me(token)).status).toBe(200);
    const asTarget = await h.call('GET', `/api/auth/login-as/${target.id}`, { token: superToken });
    expect((await me(asTarget.body.access_token)).status).toBe(200);
  });
});

describe('Child accounts are only users the parent may switch to', () => {
  it('refuses a superadmin, a higher role, an unknown user or itself, and stops a child promoted since', async () => {
    const companyId = await newCompany('CLI946');
    const parent = await newUser('parent@cli946.test', companyId);
    const child = await newUser('child@cli946.test', companyId);
    const superId = (await me(superToken)).body.id;
    const save = (childIds: string[], role = 'admin') =>
      h.call('PUT', `/api/users/${parent.id}`, { token: superToken, body: userBody({ role, childIds }) });
    for (const childIds of [[superId], ['01UNKNOWNUSER0000000000000'], [parent.id]]) {
      const refused = await save(childIds);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.childIds).toEqual([
        'A child account must be an existing user, not a superadmin, with an equal or lower role.',
      ]);
    }
    // A writer may not switch to an admin.
    expect((await save([child.id], 'user')).status).toBe(422);
    expect((await save([child.id])).status).toBe(200);
    const acting = await h.call('GET', `/api/auth/login-as/${child.id}`, { token: parent.token });
    expect(acting.status).toBe(200);
    // The parent becomes a writer: its admin child is out of reach, the running switch included.
    const demoted = await h.call('PUT', `/api/users/${parent.id}`, {
      token: superToken,
      body: userBody({ role: 'user' }),
    });
    expect(demoted.status).toBe(200);
    expect((await me(acting.body.access_token)).status).toBe(401);
    expect((await h.call('GET', `/api/auth/login-as/${child.id}`, { token: parent.token })).status).toBe(403);
  });
});

describe('A deactivated company stops its users at once', () => {
  it('refuses their sign-in and their tokens, until it is active again', async () => {
    const companyId = await newCompany('CLI944');
    const user = await newUser('user@cli944.test', companyId);
    expect((await me(user.token)).status).toBe(200);
    await setCompanyActive(companyId, 'CLI944', false);
    const refused = await me(user.token);
    expect(refused).toMatchObject({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(await signIn(user.email)).toMatchObject({ status: 401, body: { message: 'Invalid credentials.' } });
    // No usable link either: the reset e-mail is not sent.
    const before = (await linksFor(user.email)).length;
    await h.call('POST', '/api/auth/password/email', { body: { email: user.email } });
    expect((await linksFor(user.email)).length).toBe(before);
    await setCompanyActive(companyId, 'CLI944', true);
    expect((await signIn(user.email)).status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
  });
});

describe("A company's modules bound its users'", () => {
  it('refuses a module taken from the company at once, to a user granted every module, and says so in its session', async () => {
    const companyId = await newCompany('CLI947');
    const user = await newUser('user@cli947.test', companyId);
    await editUser(user.id, { scope: ['*'] });
    const session = await signIn(user.email);
    const token = session.body.access_token as string;
    expect((await me(token)).body.scope).toEqual(['order', 'recipient']);
    expect((await h.call('GET', '/api/orders?paginate=1', { token })).status).toBe(200);
    // The stock module was never the company's: refused though the user holds every module.
    expect((await h.call('GET', '/api/stock-movements?paginate=1', { token })).status).toBe(403);
    // The order module taken from the company: refused from the next request, without a new sign-in.
    const put = await h.call('PUT', `/api/companies/${companyId}`, {
      token: superToken,
      body: { ...companyBody('CLI947'), scope: ['recipient'] },
    });
    expect(put.status).toBe(200);
    expect((await h.call('GET', '/api/orders?paginate=1', { token })).status).toBe(403);
    expect((await me(token)).body.scope).toEqual(['recipient']);
  });
});

describe('Sessions are revoked by a per-user token version', () => {
  let companyId: string;
  beforeAll(async () => {
    companyId = await newCompany('CLI945');
  });

  const requestReset = async (email: string) =>
    expect((await h.call('POST', '/api/auth/password/email', { body: { email } })).status).toBe(200);

  it('ends every session on a password reset, and the used link voids the other links', async () => {
    const user = await newUser('reset@cli945.test', companyId);
    const other = (await signIn(user.email)).body.access_token;
    await requestReset(user.email);
    await requestReset(user.email);
    const [newest, older] = await linksFor(user.email);
    const reset = await useLink(newest as URL, 'Millesime2026');
    expect(reset.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await me(reset.body.access_token)).status).toBe(200);
    const stale = await useLink(older as URL, 'Millesime2027');
    expect(stale).toMatchObject({ status: 422, body: { message: 'This link is no longer valid. Ask for a new one.' } });
    expect((await signIn(user.email, 'Millesime2026')).status).toBe(200);
    expect((await signIn(user.email, 'Millesime2027')).status).toBe(401);
  });

  it('ends every session, impersonations by the user included, on a deactivation, for good', async () => {
    const target = await newUser('child@cli945.test', companyId);
    const user = await newUser('parent@cli945.test', companyId);
    await editUser(user.id, { childIds: [target.id] });
    const acting = (await h.call('GET', `/api/auth/login-as/${target.id}`, { token: user.token })).body.access_token;
    expect((await me(acting)).status).toBe(200);
    await editUser(user.id, { active: false, childIds: [target.id] });
    await editUser(user.id, { active: true, childIds: [target.id] });
    expect((await me(user.token)).status).toBe(401);
    expect((await me(acting)).status).toBe(401);
    expect((await me(target.token)).status).toBe(200);
    const fresh = (await signIn(user.email)).body.access_token;
    expect((await me(fresh)).status).toBe(200);
    // Another edit that keeps the account active ends nothing.
    await editUser(user.id, { firstname: 'Alicia', childIds: [target.id] });
    expect((await me(fresh)).status).toBe(200);
  });

  it('ends the other sessions on a change of sign-in e-mail, and gives this one a fresh token', async () => {
    const user = await newUser('before@cli945.test', companyId);
    const other = (await signIn(user.email)).body.access_token;
    // Saving the form with the same e-mail ends nothing.
    const same = await h.call('PUT', '/api/auth/user', { token: user.token, body: { email: user.email } });
    expect(same.status).toBe(200);
    expect(same.body.access_token).toBeUndefined();
    expect((await me(other)).status).toBe(200);
    // A new e-mail asks for the current password.
    const unproven = await h.call('PUT', '/api/auth/user', { token: user.token, body: { email: 'after@cli945.test' } });
    expect(unproven).toMatchObject({
      status: 422,
      body: { errors: { currentPassword: ['The current password is incorrect.'] } },
    });
    const wrong = await h.call('PUT', '/api/auth/user', {
      token: user.token,
      body: { email: 'after@cli945.test', currentPassword: 'Millesime2099' },
    });
    expect(wrong.status).toBe(422);
    expect((await me(other)).status).toBe(200);
    const changed = await h.call('PUT', '/api/auth/user', {
      token: user.token,
      body: { email: 'after@cli945.test', currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    const renewed = await me(changed.body.access_token);
    expect(renewed).toMatchObject({ status: 200, body: { email: 'after@cli945.test' } });
    expect((await signIn('after@cli945.test')).status).toBe(200);
  });

  it('refuses a change of sign-in e-mail while impersonating, even with a password', async () => {
    const target = await newUser('imp-target@cli945.test', companyId);
    const acting = (await h.call('GET', `/api/auth/login-as/${target.id}`, { token: superToken })).body.access_token;
    const refused = await h.call('PUT', '/api/auth/user', {
      token: acting,
      body: { email: 'stolen@cli945.test', currentPassword: PASSWORD },
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'The sign-in e-mail and the password cannot be changed while acting as another user.' },
    });
    expect((await me(target.token)).body.email).toBe('imp-target@cli945.test');
    // The name may still be corrected for the user.
    expect((await h.call('PUT', '/api/auth/user', { token: acting, body: { firstname: 'Hélène' } })).status).toBe(200);
  });

  it('changes the password given the current one, ending the other sessions, refusing common ones', async () => {
    const user = await newUser('change@cli945.test', companyId);
    const other = (await signIn(user.email)).body.access_token;
    const change = (token: string, body: Record<string, string>) =>
      h.call('PUT', '/api/auth/password', { token, body });
    const wrong = await change(user.token, {
      currentPassword: 'Millesime2099',
      password: 'Millesime2031',
      password_confirmation: 'Millesime2031',
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { errors: { currentPassword: ['The current password is incorrect.'] } },
    });
    const common = await change(user.token, {
      currentPassword: PASSWORD,
      password: 'Sunshine2026!',
      password_confirmation: 'Sunshine2026!',
    });
    expect(common.status).toBe(422);
    expect(common.body.errors.password[0]).toMatch(/one of the most common/);
    const changed = await change(user.token, {
      currentPassword: PASSWORD,
      password: 'Millesime2031',
      password_confirmation: 'Millesime2031',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { message: 'Your password has been changed. Your other sessions have been ended.' },
    });
    expect((await me(other)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
    expect((await me(changed.body.access_token)).status).toBe(200);
    expect((await signIn(user.email, 'Millesime2031')).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    // Not while impersonating.
    const acting = (await h.call('GET', `/api/auth/login-as/${user.id}`, { token: superToken })).body.access_token;
    const impersonated = await change(acting, {
      currentPassword: 'Millesime2031',
      password: 'Millesime2032',
      password_confirmation: 'Millesime2032',
    });
    expect(impersonated.status).toBe(403);
  });

  it('refuses a common password on a reset link and leaves the link usable', async () => {
    const user = await newUser('common@cli945.test', companyId);
    await requestReset(user.email);
    const [link] = await linksFor(user.email);
    const common = await useLink(link as URL, 'Password123');
    expect(common.status).toBe(422);
    expect((await useLink(link as URL, 'Millesime2033')).status).toBe(200);
  });
});
