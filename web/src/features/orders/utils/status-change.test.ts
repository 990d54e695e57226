import { describe, expect, it } from 'vitest';
import { orderStatusEffects } from './status-change';

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
