/**
 * The shipping order being built, kept for the browser tab's session once its first and second steps are validated
 * (spec 2 §2): the list's create button then offers to continue it. Cleared after a creation or a 'new'.
 */
import type { ShippingOrderFormValues } from './form-values';

const KEY = 'cellar.currentShippingOrder';

export interface KeptShippingOrder {
  values: ShippingOrderFormValues;
  /** The furthest step validated (0 or 1): the form reopens on the next one. */
  step: number;
}

export const currentShippingOrder = {
  get: (): KeptShippingOrder | null => {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as KeptShippingOrder) : null;
    } catch {
      return null;
    }
  },
  set: (kept: KeptShippingOrder) => sessionStorage.setItem(KEY, JSON.stringify(kept)),
  clear: () => sessionStorage.removeItem(KEY),
};
