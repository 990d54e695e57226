/** Sign-in and the current user (spec 1 §7). */
import { roleSlug } from '@cellar/shared/auth/roles';
import type { Credentials, User } from '@cellar/shared/schemas/identity';
import { type CompanyItem, companies, SEGMENTS, warehouseRef, warehouses } from '../data/reference';
import { config } from '../platform/config';
import { HttpError } from '../platform/errors';
import { verifyPassword } from '../platform/passwords';
import type { Caller } from '../platform/principal';
import { issueToken } from '../platform/tokens';
import { findUserByEmail, getUser, type UserItem } from '../users/repository';

export async function signIn(credentials: Credentials) {
  const user = await findUserByEmail(credentials.email);
  const ok = await verifyPassword(credentials.password, user?.passwordHash);
  if (!user || !ok || !user.active) throw new HttpError(401, 'api.invalid_credentials');
  return {
    access_token: await issueToken({ sub: user.id }),
    token_type: 'Bearer' as const,
    expires_in: config.tokenTtlSeconds,
  };
}

const companyView = (c: CompanyItem, include: Set<string>) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  isPooledActivity: c.isPooledActivity,
  isTopAgent: c.isTopAgent,
  isCertifiedOrganic: c.isCertifiedOrganic,
  ...(include.has('company.address') ? { address: c.address as never } : {}),
  ...(include.has('company.segments') ? { segments: c.segments.map((s) => SEGMENTS[s]) } : {}),
});

/** The user as the SPA sees it, with the requested includes. */
export async function userView(u: UserItem, include: Set<string>, actorId?: string): Promise<User> {
  const [allCompanies, allWarehouses] = await Promise.all([companies.get(), warehouses.get()]);
  const company = allCompanies.get(u.companyId);
  const children = include.has('children')
    ? (await Promise.all(u.childIds.map(getUser))).filter((c): c is UserItem => Boolean(c?.active))
    : [];
  return {
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    name: `${u.firstname} ${u.lastname}`.trim(),
    email: u.email,
    role: roleSlug(u.roleLevel),
    roleLevel: u.roleLevel,
    active: u.active,
    locale: u.locale,
    companyId: u.companyId,
    notificationChannels: u.notificationChannels,
    warehouseIds: u.warehouseIds,
    scope: u.scope,
    ...(include.has('company') && company ? { company: companyView(company, include) } : {}),
    ...(include.has('warehouses')
      ? { warehouses: u.warehouseIds.map((id) => warehouseRef(allWarehouses.get(id))).filter((w) => w !== undefined) }
      : {}),
    ...(include.has('children')
      ? {
          children: children.map((c) => {
            const cc = allCompanies.get(c.companyId);
            return {
              id: c.id,
              email: c.email,
              company: { id: c.companyId, code: cc?.code ?? '', name: cc?.name ?? '' },
            };
          }),
        }
      : {}),
    ...(actorId ? { impersonatedBy: actorId } : {}),
  };
}

export const parseInclude = (raw: string | undefined) => new Set((raw ?? '').split(',').filter(Boolean));

export const currentUser = (caller: Caller, include: string | undefined) =>
  userView(caller.user, parseInclude(include), caller.actorId);
