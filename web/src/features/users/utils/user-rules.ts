/**
 * What the user screens offer, from the shared rules: the roles one may give (strictly below one's own), the
 * modules one may grant (one's own), and the rows one may act on. The server enforces the same rules.
 */
import { assignableRoles, isSuperadmin, type Principal, type RoleSlug, roleLevel } from '@cellar/shared/access/roles';
import { canManageUser } from '@cellar/shared/users/rules';
import type { User, UserCreate, UserUpdate } from '@cellar/shared/users/schemas';

/** Roles offered to the creator, highest first. */
export const roleChoices = (principal: Principal): RoleSlug[] => assignableRoles(principal.role).reverse();

/**
 * The default role of a new user: 'user' in the client-user form, the highest role one may give in the user
 * administration form (the spec reads both ways, admin and user; a customer admin cannot give admin).
 */
export function defaultRole(principal: Principal, administration: boolean): RoleSlug | null {
  const roles = roleChoices(principal);
  if (administration) return roles[0] ?? null;
  return roles.includes('user') ? 'user' : (roles[0] ?? null);
}

/** A row offers (de)activation and deletion as the API allows them (the shared canManageUser). */
export const canManage = (
  principal: Principal,
  me: Pick<User, 'id' | 'companyId'>,
  row: Pick<User, 'id' | 'role' | 'companyId'>,
): boolean =>
  canManageUser(
    { id: me.id, role: principal.role, companyId: me.companyId },
    { id: row.id, role: roleLevel(row.role), companyId: row.companyId },
  );

/** The superadmin acts as any other active user. */
export const canImpersonate = (principal: Principal, me: Pick<User, 'id'>, row: Pick<User, 'id' | 'active'>) =>
  isSuperadmin(principal) && row.id !== me.id && row.active;

export interface UserEditValues {
  lastname: string;
  firstname: string;
  role: string;
  warehouseIds: string[];
  scope: string[];
  childIds: string[];
}

export const editValuesOf = (u: User): UserEditValues => ({
  lastname: u.lastname,
  firstname: u.firstname,
  role: u.role,
  warehouseIds: u.warehouseIds,
  scope: u.scope,
  childIds: (u.children ?? []).map((c) => c.id),
});

/** The edit modal's body: children only from a superadmin (the server ignores them otherwise). */
export function toUpdateBody(v: UserEditValues, withChildren: boolean): UserUpdate {
  const { childIds, ...rest } = v;
  return { ...rest, ...(withChildren ? { childIds } : {}) } as UserUpdate;
}

/** (De)activation re-sends the row as it is, with the new flag. */
export const activationBody = (u: User, active: boolean): UserUpdate =>
  ({
    lastname: u.lastname,
    firstname: u.firstname,
    role: u.role,
    warehouseIds: u.warehouseIds,
    scope: u.scope,
    active,
  }) as UserUpdate;

export interface UserCreateValues {
  companyId: string | null;
  lastname: string;
  firstname: string;
  email: string;
  email_confirmation: string;
  role: string | null;
  warehouseIds: string[];
  scope: string[];
}

export const newUserValues = (companyId: string | null, role: string | null): UserCreateValues => ({
  companyId,
  lastname: '',
  firstname: '',
  email: '',
  email_confirmation: '',
  role,
  warehouseIds: [],
  scope: [],
});

/** The company is the creator's to choose only when a superadmin (others create within their own). */
export function toCreateBody(v: UserCreateValues, withCompany: boolean): UserCreate {
  const { companyId, ...rest } = v;
  return { ...rest, ...(withCompany && companyId ? { companyId } : {}) } as UserCreate;
}
