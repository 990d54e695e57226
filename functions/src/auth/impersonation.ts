/** Who may act as whom (spec 1 §2): the superadmin as any user, anyone else as its children only. */
import { ROLES } from '@cellar/shared/access/roles';
import type { UserItem } from '../users/repository';

/**
 * Whether the real user may take the target's identity; judged on who really acts, so impersonating from an
 * impersonation grants nothing more. An inactive target is the caller's to refuse first (it does not exist: 404).
 */
export const mayActAs = (real: Pick<UserItem, 'roleLevel' | 'childIds'> | undefined, targetId: string): boolean =>
  real !== undefined && (real.roleLevel === ROLES.superadmin || real.childIds.includes(targetId));
