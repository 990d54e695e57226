import { isSuperadmin } from '@cellar/shared/access/roles';
import type { Reception } from '@cellar/shared/receptions/schemas';
import { usePrincipal, useUser } from '../../../lib/auth';
import { useOwnerAccounts, useWarehouses } from '../../../lib/reference-data';
import { NO_OWNER, type OwnerContext } from '../utils/owner';

/**
 * The owner of the reception being built: the superadmin's chosen account (from the accounts list, or the
 * reception's own owner while the list loads), else the user's company and warehouses.
 */
export function useOwnerContext(ownerId: string | null, reception?: Reception): OwnerContext & { loading: boolean } {
  const superadmin = isSuperadmin(usePrincipal());
  const user = useUser();
  const accounts = useOwnerAccounts(superadmin);
  const warehouses = useWarehouses(!superadmin);
  if (!superadmin) {
    return {
      pooled: Boolean(user.company?.isPooledActivity),
      segments: (user.company?.segments ?? []).map((s) => s.code),
      warehouses: warehouses.data ?? [],
      loading: warehouses.isPending,
    };
  }
  const account = accounts.data?.find((a) => a.id === ownerId);
  if (account) {
    return {
      pooled: Boolean(account.isPooledActivity),
      segments: (account.segments ?? []).map((s) => s.code),
      warehouses: account.warehouses ?? [],
      loading: false,
    };
  }
  const owner = reception && reception.ownerId === ownerId ? reception.owner : undefined;
  return owner
    ? {
        pooled: Boolean(owner.isPooledActivity),
        segments: (owner.segments ?? []).map((s) => s.code),
        warehouses: reception?.warehouse ? [reception.warehouse] : [],
        loading: accounts.isPending,
      }
    : { ...NO_OWNER, loading: accounts.isPending };
}
