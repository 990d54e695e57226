/**
 * The shipping order being built, kept for the browser tab's session once its first and second steps are validated
 * (spec 2 §2): the list's create button then offers to continue it. Cleared after a creation or a 'new', and with
 * the session (lib/storage.ts).
 */
import { tabStorage } from '../../../lib/storage';
import type { ShippingOrderFormValues } from './form-values';

export interface KeptShippingOrder {
  values: ShippingOrderFormValues;
  /** The furthest step validated (0 or 1): the form reopens on the next one. */
  step: number;
}

export const currentShippingOrder = {
  get: (): KeptShippingOrder | null => {
    try {
      const raw = tabStorage.get('currentShippingOrder');
      return raw ? (JSON.parse(raw) as KeptShippingOrder) : null;
    } catch {
      return null;
    }
  },
  set: (kept: KeptShippingOrder) => tabStorage.set('currentShippingOrder', JSON.stringify(kept)),
  clear: () => tabStorage.remove('currentShippingOrder'),
};
