import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../../../lib/auth';
import { currentOrder } from './current-order';

afterEach(() => sessionStorage.clear());

describe('Object: currentOrder', () => {
  it('is not offered to the next user of the tab once its user has signed out', () => {
    // Prepare
    currentOrder.set('O1');
    // Act
    endSession();
    // Assess
    expect(currentOrder.get()).toBeNull();
  });

  it('forgets an order sent or deleted only if it is the current one', () => {
    // Prepare
    currentOrder.set('O1');
    // Act
    currentOrder.forget('O2');
    const kept = currentOrder.get();
    currentOrder.forget('O1');
    // Assess
    expect(kept).toBe('O1');
    expect(currentOrder.get()).toBeNull();
  });
});
