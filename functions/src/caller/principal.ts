/**
 * Who is calling: the verified token's user, loaded fresh so that deactivation and role changes apply at
 * once, with its company. The tenant of every request comes from here, never from the request itself.
 */
import { effectiveScope, type Principal, ROLES } from '@cellar/shared/access/roles';
import { looksLikeApiKey } from '@cellar/shared/apiKeys/schemas';
import { type CompanyItem, readCompany } from '../data/reference';
import { UnauthenticatedError } from '../errors';
import { getUser, type UserItem } from '../users/repository';
import { isKeyPrincipal, type KeyHolder, keyOfPrincipal, keyPrincipalId, keyRequest } from './api-key';
import { mayActAs } from './impersonation';
import { type TokenClaims, tokenVersionOf, verifyToken } from './tokens';

export interface Caller extends Principal {
  user: UserItem;
  company: CompanyItem;
  /** The owner company of the caller's data. */
  tenantId: string;
  isSuperadmin: boolean;
  /** While impersonating: the real user's id. */
  actorId?: string;
  /** While impersonating: the real user, as read with the caller. */
  actor?: UserItem;
  /** A client system's key, when the request came with one instead of a person's token (./api-key.ts). */
  apiKey?: { id: string; name: string };
}

/** The key as the services see a caller's user: named after the key, in every warehouse of its company. */
const keyUser = ({ key, company }: KeyHolder): UserItem => ({
  id: keyPrincipalId(key.id),
  email: '',
  passwordHash: '',
  firstname: key.name,
  // Beside the key's name in the documents it writes (their author): no person of that name.
  lastname: '(API)',
  roleLevel: key.roleLevel,
  active: true,
  locale: 'fr-FR',
  companyId: company.id,
  companyCode: company.code,
  warehouseIds: company.warehouseIds,
  scope: key.scope,
  notificationChannels: [],
  childIds: [],
  createdAt: key.createdAt,
  version: 0,
});

/** A key's caller: its role and modules within its company's, never the provider's staff. */
const keyCaller = (holder: KeyHolder): Caller => {
  const { key, company } = holder;
  return {
    role: key.roleLevel,
    scope: effectiveScope(key.roleLevel, key.scope, company.scope),
    user: keyUser(holder),
    company,
    tenantId: company.id,
    isSuperadmin: false,
    apiKey: { id: key.id, name: key.name },
  };
};

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/**
 * Authenticates a request from its headers (already lower-cased): an impersonation token
 * (x-impersonation-token) wins over the main Authorization token, which is a person's token or a system's API key
 * (counted against the key's rate from the request's source address).
 */
export async function authenticate(headers: Record<string, string | undefined>, sourceIp = ''): Promise<Caller> {
  const main = bearer(headers.authorization);
  const impersonation = headers['x-impersonation-token'];
  if (main && looksLikeApiKey(main) && !impersonation) return keyCaller(await keyRequest(main, sourceIp));
  const candidates = [impersonation, main].filter(Boolean) as string[];
  for (const token of candidates) {
    const claims = await verifyToken(token);
    if (!claims) continue;
    const caller = await callerFor(claims.sub, claims.act, claims);
    if (!caller) throw new UnauthenticatedError();
    return caller;
  }
  throw new UnauthenticatedError();
}

/**
 * Whether a user's company lets it in: an inactive company stops its users at once. The superadmin (the provider's
 * own account) is not stopped by its company's flag, so that nobody can lock the provider out.
 */
const companyLetsIn = (user: UserItem, company: CompanyItem | undefined): company is CompanyItem =>
  company !== undefined && (company.active || user.roleLevel === ROLES.superadmin);

/**
 * Whether a user may have a session now: active, its company active. The company is read from the table, not from
 * the reference cache (a few seconds old in each container), so that a deactivation applies on the next request
 * everywhere; one GetItem per request, as for the user.
 */
export async function mayConnect(user: UserItem | undefined): Promise<boolean> {
  return !!user?.active && companyLetsIn(user, await readCompany(user.companyId));
}

/**
 * Whether the user really acting may still act as the target, judged as it is now: the actor exists and is active,
 * its company is active (read from the table, not the reference cache, so a deactivation applies at once), and
 * the target is still one it may impersonate (`mayActAs`: its child, or anyone for the superadmin).
 */
async function mayStillAct(actor: UserItem | undefined, target: UserItem): Promise<boolean> {
  return actor !== undefined && mayActAs(actor, target) && mayConnect(actor);
}

/** Whether a token's versions are still its user's (and its actor's): a bump ends every token issued before. */
const currentVersions = (claims: TokenClaims, user: UserItem, actor: UserItem | undefined) =>
  (claims.tv ?? 0) === tokenVersionOf(user) && (!actor || (claims.atv ?? 0) === tokenVersionOf(actor));

/**
 * The caller a user id stands for, as it is now; undefined when the user or its company is gone or inactive, and,
 * while impersonating, when the actor may no longer act (see `mayStillAct`). With a token's claims, also when the
 * token's versions are no longer its users' (sessions revoked). Background work (the import worker) acts as the
 * user who started it, through this, without a token.
 */
export async function callerFor(userId: string, actorId?: string, claims?: TokenClaims): Promise<Caller | undefined> {
  if (isKeyPrincipal(userId)) {
    const holder = await keyOfPrincipal(userId);
    return holder && keyCaller(holder);
  }
  const [user, actor] = await Promise.all([getUser(userId), actorId ? getUser(actorId) : undefined]);
  if (!user?.active) return undefined;
  if (claims && !currentVersions(claims, user, actor)) return undefined;
  const [company, actorMayAct] = await Promise.all([
    readCompany(user.companyId),
    actorId ? mayStillAct(actor, user) : true,
  ]);
  if (!companyLetsIn(user, company) || !actorMayAct) return undefined;
  return {
    role: user.roleLevel,
    // A company's modules bound its users' (taken away from the company, gone from its users at once).
    scope: effectiveScope(user.roleLevel, user.scope, company?.scope),
    user,
    company,
    tenantId: user.companyId,
    isSuperadmin: user.roleLevel === ROLES.superadmin,
    actorId,
    actor,
  };
}
