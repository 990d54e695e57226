/** Who may act on a user's account: edit it, (de)activate it, delete it (spec 1 §3). The screens and the API ask it. */
import { ROLES, type RoleLevel } from '../access/roles';

export interface AccountHolder {
  id: string;
  role: RoleLevel;
  companyId: string;
}

/**
 * Never one's own account. The superadmin manages every other user, the provider's other staff included (someone
 * must be able to deactivate them); anyone else the users of its own company whose role is strictly below its own.
 */
export function canManageUser(manager: AccountHolder, target: AccountHolder): boolean {
  if (manager.id === target.id) return false;
  if (manager.role === ROLES.superadmin) return true;
  return manager.companyId === target.companyId && target.role < manager.role;
}

/**
 * Who may be among a user's child accounts (the accounts it switches to from the header): never itself, never a
 * superadmin, never an account whose role is above its own — switching must not raise what the user may do. The
 * superadmin needs no children (it may act as anyone). Checked when the children are saved and on every request
 * made while switched, so a child promoted later is no longer reachable.
 */
export function mayBeChild(parent: AccountHolder, child: AccountHolder): boolean {
  return (
    parent.id !== child.id &&
    parent.role !== ROLES.superadmin &&
    child.role !== ROLES.superadmin &&
    child.role <= parent.role
  );
}
