import { describe, expect, it } from 'vitest';
import { canLeave, initialStep, missingWarehouseFields, type WizardState } from './wizard';

const state = (over: Partial<WizardState> = {}): WizardState => ({
  superadmin: false,
  ownerId: null,
  pooled: false,
  segment: 'B2B',
  warehouseId: 'W1',
  supplierId: null,
  lineCount: 0,
  ...over,
});

describe('Function: initialStep', () => {
  it.each([
    ['nothing filled', state({ segment: null, warehouseId: null }), false, 0],
    ['a warehouse without segment', state({ segment: null }), false, 0],
    ['a pooled owner’s warehouse', state({ pooled: true, segment: null }), false, 1],
    ['warehouse and segment', state(), false, 1],
    ['a superadmin without account', state({ superadmin: true }), false, 0],
    ['a superadmin with account', state({ superadmin: true, ownerId: 'C1' }), false, 1],
    ['a supplier and lines', state({ supplierId: 'F1', lineCount: 2 }), false, 2],
    ['a supplier without lines', state({ supplierId: 'F1' }), false, 1],
    ['a product given back', state({ supplierId: 'F1', lineCount: 2 }), true, 1],
    ['a product given without warehouse', state({ warehouseId: null }), true, 0],
  ] as const)('with %s is %i', (_, s, productGiven, step) => {
    expect(initialStep(s, productGiven)).toBe(step);
  });
});

describe('Function: canLeave', () => {
  it('goes to the products once the warehouse step is done', () => {
    expect(canLeave(0, state({ segment: null }))).toBe(false);
    expect(canLeave(0, state())).toBe(true);
  });

  it('goes to the details with at least one cart line', () => {
    expect(canLeave(1, state())).toBe(false);
    expect(canLeave(1, state({ lineCount: 1 }))).toBe(true);
  });
});

describe('Function: missingWarehouseFields', () => {
  it('names the account for the superadmin, the segment unless pooled, and the warehouse', () => {
    expect(missingWarehouseFields(state({ superadmin: true, segment: null, warehouseId: null }))).toEqual([
      'ownerId',
      'segment',
      'warehouseId',
    ]);
    expect(missingWarehouseFields(state({ pooled: true, segment: null }))).toEqual([]);
  });
});
