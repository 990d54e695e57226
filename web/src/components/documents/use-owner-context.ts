import { isSuperadmin } from '@cellar/shared/access/roles';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import { usePrincipal, useUser } from '../../lib/auth';
import { useOwnerAccounts, useWarehouses } from '../../lib/reference-data';
import { NO_OWNER, type OwnerContext } from './owner-context';

/** A stored document (reception, order) as far as its owner goes. */
export interface OwnedDocument {
  ownerId: string;
  owner?: { segments?: { code: SegmentCode }[]; isPooledActivity?: boolean };
  warehouse?: Warehouse | null;
}

/**
 * The owner of the document being built: the superadmin's chosen account (from the accounts list, or the
 * document's own owner while the list loads), else the user's company and the warehouses it is attached to.
 */
export function useOwnerContext(ownerId: string | null, stored?: OwnedDocument): OwnerContext & { loading: boolean } {
  const superadmin = isSuperadmin(usePrincipal());
  const user = useUser();
  const accounts = useOwnerAccounts(superadmin);
  const warehouses = useWarehouses(!superadmin);
  if (!superadmin) {
    // The API refuses a document in, or a lot from, a warehouse the user is not attached to.
    const all = warehouses.data ?? [];
    const worked = all.filter((w) => user.warehouseIds.includes(w.id));
    return {
      pooled: Boolean(user.company?.isPooledActivity),
      segments: (user.company?.segments ?? []).map((s) => s.code),
      warehouses: worked,
      restricted: worked.length < all.length,
      loading: warehouses.isPending,
    };
  }
  const account = accounts.data?.find((a) => a.id === ownerId);
  if (account) {
    return {
      pooled: Boolean(account.isPooledActivity),
      segments: (account.segments ?? []).map((s) => s.code),
      warehouses: account.warehouses ?? [],
      restricted: false,
      loading: false,
    };
  }
  const owner = stored && stored.ownerId === ownerId ? stored.owner : undefined;
  return owner
    ? {
        pooled: Boolean(owner.isPooledActivity),
        segments: (owner.segments ?? []).map((s) => s.code),
        warehouses: stored?.warehouse ? [stored.warehouse] : [],
        restricted: false,
        loading: accounts.isPending,
      }
    : { ...NO_OWNER, loading: accounts.isPending };
}
