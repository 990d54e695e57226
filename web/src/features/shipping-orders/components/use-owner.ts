import { isSuperadmin } from '@cellar/shared/access/roles';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { usePrincipal, useUser } from '../../../lib/auth';
import { useOwnerAccounts, useWarehouses } from '../../../lib/reference-data';

/** The owner of the shipping order being built: the superadmin's chosen account, else the user's company. */
export function useOwner(ownerId: string | null) {
  const superadmin = isSuperadmin(usePrincipal());
  const user = useUser();
  const accounts = useOwnerAccounts(superadmin);
  const warehouses = useWarehouses(!superadmin);
  if (!superadmin) {
    return {
      segments: (user.company?.segments ?? []).map((s) => s.code as SegmentCode),
      warehouses: warehouses.data ?? [],
    };
  }
  const account = accounts.data?.find((a) => a.id === ownerId);
  return {
    segments: (account?.segments ?? []).map((s) => s.code as SegmentCode),
    warehouses: account?.warehouses ?? [],
  };
}
