/**
 * Walks the route table: every route refuses a missing token (401) unless public, and refuses a role below its
 * access level (403) before doing anything. A route added to the table joins this suite by itself.
 */
import { ROLES } from '@cellar/shared/auth/roles';
import { routeList } from '@cellar/shared/routes/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN1, type Harness, READER1, SUPER, startHarness, USER1 } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'slug' ? 'recipient' : '01UNKNOWN'));
const callers = [
  [READER1, ROLES.reader],
  [USER1, ROLES.user],
  [ADMIN1, ROLES.admin],
  [SUPER, ROLES.superadmin],
] as const;

describe.each(routeList.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('needs a token unless public', async () => {
    const res = await h.call(route.method, concrete(route.path), { body: route.method === 'GET' ? undefined : {} });
    if (route.access === 0) expect(res.status).not.toBe(401);
    else expect(res.status).toBe(401);
  });

  it.each(callers)('as %s', async (email, level) => {
    const res = await h.call(route.method, concrete(route.path), {
      token: await h.login(email),
      body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
    });
    if (level < route.access) expect(res.status).toBe(403);
    else expect([401, 403, 500]).not.toContain(res.status);
  });
});
