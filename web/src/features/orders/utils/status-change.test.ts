import { describe, expect, it } from 'vitest';
import { orderStatusEffects, warehouseMayRefuse } from './status-change';

describe('Function: orderStatusEffects', () => {
  it.each([
    ['010', '050', ['release']],
    ['040', '050', ['release']],
    ['040', '070', ['ship']],
    ['050', '070', ['ship']],
    ['050', '010', ['hold']],
    ['070', '040', ['unship', 'hold']],
    ['070', '050', ['unship']],
    ['010', '040', []],
  ])('says what %s → %s does to stock', (from, to, keys) => {
    expect(orderStatusEffects(from, to)).toEqual(keys);
  });
});

describe('Function: warehouseMayRefuse', () => {
  it.each([
    ['020', '050', true],
    ['030', '050', true],
    ['040', '050', true],
    // Before the warehouse prepares, the cancellation stands; once shipped or cancelled there is none to ask.
    ['005', '050', false],
    ['010', '050', false],
    ['070', '050', false],
    ['020', '040', false],
    ['040', '070', false],
  ])('%s → %s: %s', (from, to, refusable) => {
    expect(warehouseMayRefuse(from, to)).toBe(refusable);
  });
});
