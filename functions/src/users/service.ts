/**
 * User administration (spec 1 §2, §6), enforced here whatever the screens show: a creator assigns only roles
 * strictly below its own, non-superadmins act only within their company, warehouses stay within the company's,
 * modules within the creator's scopes, and nobody deactivates or deletes themself.
 */
import { mayGrantScopes, type RoleLevel, roleLevel } from '@cellar/shared/access/roles';
import { clock } from '@cellar/shared/common/clock';
import { canManageUser, mayBeChild } from '@cellar/shared/users/rules';
import { DEFAULT_LOCALE, type UserCreate, type UserUpdate } from '@cellar/shared/users/schemas';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { Caller } from '../caller/principal';
import { withNewTokenVersion } from '../caller/tokens';
import { seesOwner } from '../caller/visibility';
import { mapBounded } from '../data/fan-out';
import { newId } from '../data/ids';
import type { CompanyItem } from '../data/reference';
import { ForbiddenError, InvalidError, NotFoundError } from '../errors';
import { parseInclude } from '../platform/http/include';
import { findUserByEmail, getUser, insertUser, removeUser, saveUser, type UserItem } from './repository';
import { sendWelcome } from './reset-tokens';
import { loadRefs, userView } from './view';

function visible(caller: Caller, u: UserItem | undefined): u is UserItem {
  return u !== undefined && seesOwner(caller, u.companyId);
}

function manageable(caller: Caller, u: UserItem): boolean {
  return canManageUser(
    { id: caller.user.id, role: caller.role, companyId: caller.tenantId },
    { id: u.id, role: u.roleLevel, companyId: u.companyId },
  );
}

export async function getUserById(caller: Caller, id: string, include: string | undefined) {
  const u = await getUser(id);
  if (!visible(caller, u)) throw new NotFoundError();
  return userView(u, parseInclude(include));
}

async function companyOf(id: string): Promise<CompanyItem | undefined> {
  return (await loadRefs()).companies.get(id);
}

/** Warehouses within the company's, modules within the caller's scopes. */
function checkAssignments(caller: Caller, company: CompanyItem, input: { warehouseIds: string[]; scope: string[] }) {
  const errors: Record<string, string[]> = {};
  const invalid = [MESSAGES.invalid];
  if (input.warehouseIds.some((w) => !company.warehouseIds.includes(w))) errors.warehouseIds = invalid;
  if (!mayGrantScopes(caller.scope, input.scope)) {
    errors.scope = invalid;
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
}

/** A role strictly below the caller's. */
function checkRole(caller: Caller, role: string): RoleLevel {
  const level = roleLevel(role);
  if (level >= caller.role) throw new InvalidError({ role: ['api.role_forbidden'] });
  return level;
}

export async function createUser(caller: Caller, input: UserCreate, include?: string, recordId = newId()) {
  const companyId = caller.isSuperadmin ? input.companyId : caller.tenantId;
  const company = companyId ? await companyOf(companyId) : undefined;
  if (!company) throw new InvalidError({ companyId: [companyId ? MESSAGES.invalid : MESSAGES.required] });
  const level = checkRole(caller, input.role);
  checkAssignments(caller, company, input);
  const user: UserItem = {
    id: recordId,
    email: input.email.trim().toLowerCase(),
    passwordHash: '',
    firstname: input.firstname,
    lastname: input.lastname,
    roleLevel: level,
    active: true,
    locale: DEFAULT_LOCALE.replace('FR', String((company.address as { country?: string }).country || 'FR')),
    companyId: company.id,
    companyCode: company.code,
    warehouseIds: input.warehouseIds,
    scope: input.scope,
    notificationChannels: ['mail'],
    childIds: [],
    createdAt: clock.iso(),
    version: 1,
  };
  await insertUser(user, { email: [MESSAGES.unique] });
  await sendWelcome(user);
  return userView(user, parseInclude(include));
}

export async function updateUser(caller: Caller, id: string, input: UserUpdate, include?: string) {
  const current = await getUser(id);
  if (!visible(caller, current)) throw new NotFoundError();
  const self = current.id === caller.user.id;
  let level = current.roleLevel;
  if (self) {
    // One's own account: no deactivation and no change of role.
    if (input.active === false || roleLevel(input.role) !== current.roleLevel)
      throw new ForbiddenError('api.self_forbidden');
  } else {
    if (!manageable(caller, current)) throw new ForbiddenError();
    level = checkRole(caller, input.role);
  }
  const company = await companyOf(current.companyId);
  if (!company) throw new NotFoundError();
  checkAssignments(caller, company, input);
  const childIds =
    caller.isSuperadmin && input.childIds ? await checkedChildren(current, level, input.childIds) : current.childIds;
  const next: UserItem = {
    ...current,
    firstname: input.firstname,
    lastname: input.lastname,
    roleLevel: level,
    warehouseIds: input.warehouseIds,
    scope: input.scope,
    active: input.active ?? current.active,
    locale: input.locale ?? current.locale,
    childIds,
  };
  // A deactivation ends every session of the user for good (reactivating it does not bring them back).
  const deactivated = current.active && !next.active;
  return userView(await saveUser(deactivated ? withNewTokenVersion(next) : next, current), parseInclude(include));
}

/**
 * The children the superadmin gives a user: existing users it may switch to (`mayBeChild`: never a superadmin, never
 * a role above the user's own); anything else is refused with the field's message, never silently kept.
 */
async function checkedChildren(parent: UserItem, parentLevel: RoleLevel, childIds: string[]): Promise<string[]> {
  const wanted = [...new Set(childIds)];
  const children = await mapBounded(wanted, (id) => getUser(id));
  const holder = { id: parent.id, role: parentLevel, companyId: parent.companyId };
  const refused = children.some(
    (c) => !c || !mayBeChild(holder, { id: c.id, role: c.roleLevel, companyId: c.companyId }),
  );
  if (refused) throw new InvalidError({ childIds: [MESSAGES.childAccount] });
  return wanted;
}

export async function deleteUser(caller: Caller, id: string) {
  const current = await getUser(id);
  if (!visible(caller, current)) throw new NotFoundError();
  if (current.id === caller.user.id) throw new ForbiddenError('api.self_forbidden');
  if (!manageable(caller, current)) throw new ForbiddenError();
  await removeUser(current);
  return null;
}

/** GET /api/email/{email}: the e-mail when already used, else empty. */
export async function emailInUse(email: string): Promise<string> {
  return (await findUserByEmail(email)) ? email.trim().toLowerCase() : '';
}
