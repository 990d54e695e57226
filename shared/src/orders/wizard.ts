/**
 * The order wizard's own rules (spec 2 §2, §4 "Wizard rules", §5), pure so that the screens and the server's
 * tests call the same code: what a choice sets or clears, the step shown at load, quantities and allocation.
 */
import type { SegmentCode } from '../common/schemas';
import { availableQuantity } from '../stocks/schemas';

/** The parts of an order the wizard's choices touch. */
export interface WizardOrder {
  segment?: SegmentCode | null;
  pickupManagedByProduct: 0 | 1;
  shippingLabelRequired: 0 | 1;
  carrierId?: string | null;
  serviceCode?: string | null;
  type?: string | null;
  recipient?: { pickupCode?: string } | null;
}

/** B2B defaults to provider-managed pickup; so does every order (spec 2 §9: default 1). */
export const defaultPickupManaged = (_segment: SegmentCode | null | undefined): 0 | 1 => 1;

/**
 * Switching pickup management: provider-managed needs no shipping label, client-managed needs one; the carrier is
 * cleared either way (and with it what the carrier chose).
 */
export function withPickupManagement<T extends WizardOrder>(o: T, managed: 0 | 1): T {
  return { ...withCarrier(o, null), pickupManagedByProduct: managed, shippingLabelRequired: managed ? 0 : 1 };
}

/** Changing the carrier clears the recipient's pickup code, the order type and (B2C) the chosen service. */
export function withCarrier<T extends WizardOrder>(o: T, carrierId: string | null): T {
  return {
    ...o,
    carrierId,
    type: null,
    serviceCode: o.segment === 'B2C' ? null : o.serviceCode,
    recipient: o.recipient ? { ...o.recipient, pickupCode: '' } : o.recipient,
  };
}

/** The step shown at load: carrier or customer present → 3; owner and segment present → 2; else 1. */
export function wizardStep(o: {
  ownerId?: string | null;
  segment?: string | null;
  carrierId?: string | null;
  customerId?: string | null;
}): 1 | 2 | 3 {
  if (o.carrierId || o.customerId) return 3;
  if (o.ownerId && o.segment) return 2;
  return 1;
}

/** What step 1 chose for the cart: the owner its lots belong to, and the segment they serve. */
export interface CartScope {
  ownerId: string | null;
  segment: SegmentCode | null;
}

/**
 * Whether the cart still holds after step 1 was opened again: the same owner, and the same segment unless the owner
 * is pooled (its lots serve every segment). Going back to look changes nothing; another choice empties the cart,
 * once the user agrees.
 * @example cartHolds({ ownerId: 'C1', segment: 'B2B' }, { ownerId: 'C1', segment: 'B2C' }, false) // false
 */
export const cartHolds = (filledFor: CartScope, now: CartScope, pooled: boolean): boolean =>
  filledFor.ownerId === now.ownerId && (pooled || filledFor.segment === now.segment);

/** What a lot offers an order. */
export const lotAvailable = (s: { quantity: number; quantity_allocated: number }) => availableQuantity(s);

/**
 * The allocation modal's check: lines at 0 or less are dropped; it validates only when the total equals what the
 * product needs (else the modal shows 'Attention : les produits n'ont pas tous été imputés.').
 */
export function allocationResult(required: number, allocations: readonly { stockId: string; quantity: number }[]) {
  const lines = allocations.filter((a) => a.quantity > 0);
  const total = lines.reduce((n, a) => n + a.quantity, 0);
  return { lines, total, remaining: required - total, complete: total === required };
}
