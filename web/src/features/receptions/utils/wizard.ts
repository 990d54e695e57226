/**
 * The three steps of the reception form (spec 3 §2): 0 warehouse (account for the superadmin, segment unless the
 * owner is pooled), 1 products (the cart), 2 details. The step shown at load follows what is already filled.
 */
import type { SegmentCode } from '@cellar/shared/common/schemas';

export type Step = 0 | 1 | 2;

export interface WizardState {
  superadmin: boolean;
  ownerId: string | null;
  /** The owner is a pooled activity: no segment is asked. */
  pooled: boolean;
  segment: SegmentCode | null;
  warehouseId: string | null;
  supplierId: string | null;
  lineCount: number;
}

/** Account (superadmin), segment (unless pooled) and warehouse are chosen. */
export const warehouseStepDone = (s: WizardState): boolean =>
  (!s.superadmin || Boolean(s.ownerId)) && Boolean(s.warehouseId) && (s.pooled || Boolean(s.segment));

/** The fields of step 0 still empty, by form field name. */
export function missingWarehouseFields(s: WizardState): ('ownerId' | 'segment' | 'warehouseId')[] {
  return [
    ...(s.superadmin && !s.ownerId ? (['ownerId'] as const) : []),
    ...(!s.pooled && !s.segment ? (['segment'] as const) : []),
    ...(!s.warehouseId ? (['warehouseId'] as const) : []),
  ];
}

/**
 * The step at load: a supplier → details (when the cart has a line, which the details need); the warehouse step
 * done → products; else the warehouse. A product
 * given in the address (back from creating one) shows the products, whatever else is filled.
 */
export function initialStep(s: WizardState, productGiven = false): Step {
  if (!warehouseStepDone(s)) return 0;
  if (productGiven) return 1;
  return s.supplierId && s.lineCount > 0 ? 2 : 1;
}

/** Whether the user may go on from a step: products need the warehouse step, details need a cart line. */
export function canLeave(step: Step, s: WizardState): boolean {
  if (step === 0) return warehouseStepDone(s);
  if (step === 1) return s.lineCount > 0;
  return true;
}

/** What step 0 chose when the cart was filled: the owner, the warehouse its lots lie in, and their segment. */
export type CartScope = Pick<WizardState, 'ownerId' | 'warehouseId' | 'segment'>;

/**
 * Whether the cart still holds after step 0 was opened again: the same owner and warehouse, and the same segment
 * unless the owner is pooled (no segment is asked). Going back to look changes nothing; another choice empties the
 * cart, once the user agrees.
 */
export const cartHolds = (filledFor: CartScope, now: CartScope, pooled: boolean): boolean =>
  filledFor.ownerId === now.ownerId &&
  filledFor.warehouseId === now.warehouseId &&
  (pooled || filledFor.segment === now.segment);
