/** Who may act as whom (spec 1 §2): the superadmin as any user, anyone else as its children only. */

import type { RoleLevel } from '@cellar/shared/access/roles';
import { ROLES } from '@cellar/shared/access/roles';
import { mayBeChild } from '@cellar/shared/users/rules';

/** What the rule needs to know of a user account (users/repository.ts). */
interface Account {
  id: string;
  roleLevel: RoleLevel;
  companyId: string;
}

export const accountHolder = (u: Account) => ({ id: u.id, role: u.roleLevel, companyId: u.companyId });

/**
 * Whether the real user may take the target's identity; judged on who really acts, so impersonating from an
 * impersonation grants nothing more. Anyone but the superadmin only as a child that may still be one (`mayBeChild`:
 * never a superadmin, never a role above its own). An inactive target is the caller's to refuse first (404).
 */
export const mayActAs = (real: (Account & { childIds: readonly string[] }) | undefined, target: Account): boolean =>
  real !== undefined &&
  (real.roleLevel === ROLES.superadmin ||
    (real.childIds.includes(target.id) && mayBeChild(accountHolder(real), accountHolder(target))));
