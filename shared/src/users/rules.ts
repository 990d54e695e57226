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
