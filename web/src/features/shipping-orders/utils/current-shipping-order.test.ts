import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/auth';
import { currentShippingOrder, type KeptShippingOrder } from './current-shipping-order';

afterEach(() => sessionStorage.clear());

describe('Object: currentShippingOrder', () => {
  it('is not offered to the next user of the tab once its user has signed out', () => {
    // Prepare
    currentShippingOrder.set({ values: { reference: 'EXP-1' }, step: 1 } as unknown as KeptShippingOrder);
    // Act
    endSession();
    // Assess
    expect(currentShippingOrder.get()).toBeNull();
  });
});
