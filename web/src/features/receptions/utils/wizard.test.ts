import { describe, expect, it } from 'vitest';
import { cartHolds } from './wizard';

describe('Function: cartHolds', () => {
  const filledFor = { ownerId: 'C1', warehouseId: 'W1', segment: 'B2B' as const };

  it.each([
    ['the same choices', filledFor, false, true],
    ['another warehouse', { ...filledFor, warehouseId: 'W2' }, false, false],
    ['another segment', { ...filledFor, segment: 'B2C' as const }, false, false],
    ['another segment of a pooled owner', { ...filledFor, segment: null }, true, true],
    ['another owner', { ...filledFor, ownerId: 'C2' }, true, false],
  ])('keeps the cart after step 1 with %s: %s', (_, now, pooled, holds) => {
    expect(cartHolds(filledFor, now, pooled)).toBe(holds);
  });
});
