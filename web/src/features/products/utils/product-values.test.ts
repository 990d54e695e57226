import type { Product } from '@cellar/shared/products/schemas';
import { productInputSchema } from '@cellar/shared/products/schemas';
import { describe, expect, it } from 'vitest';
import { newProductValues, productBody, productValuesOf, visibilityBody } from './product-values';

const product: Product = {
  id: 'P1',
  ownerId: 'C1',
  owner: { id: 'C1', code: 'CLI001', name: 'Vignobles' },
  warehouseId: 'W1',
  warehouse: { id: 'W1', code: 'BDX', name: 'Bordeaux' },
  supplierId: null,
  supplier: null,
  code: 'RED-1',
  label: 'Château Test 75 cl',
  familyId: 'WINE_RED',
  family: { id: 'WINE_RED', name: 'Vin rouge', parent: { id: 'WINE', name: 'Vins tranquilles' } },
  attributes: { family: 'VT', color: 'RG', capacity: 'CL75', isBio: false },
  hasBatch: true,
  hasBbd: false,
  hasUbd: false,
  hidden: false,
  hasStock: true,
  eanUnit: '3428090911149',
  eanParcel: '',
  eanPallet: '',
  comment: 'fragile',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('Function: productValuesOf', () => {
  it('starts the edit form with the family and its sub-family', () => {
    const values = productValuesOf(product);
    expect(values.parentFamilyId).toBe('WINE');
    expect(values.familyId).toBe('WINE_RED');
  });
});

describe('Function: productBody', () => {
  it('sends the owner only when asked, and no empty attribute', () => {
    // Prepare
    const values = { ...newProductValues({ ownerId: 'C2', warehouseId: 'W1' }), code: 'NEW-1', label: 'New' };
    values.familyId = 'GIFTBOX';
    values.attributes = { vintage: '', isBio: false, capacity: null };
    // Act
    const withOwner = productBody(values, true);
    const without = productBody(values, false);
    // Assess
    expect(withOwner.ownerId).toBe('C2');
    expect(without).not.toHaveProperty('ownerId');
    expect(without.attributes).toEqual({ isBio: false });
    expect(productInputSchema.safeParse(withOwner).success).toBe(true);
  });

  it('sends no sub-family as an empty one, which the schema refuses', () => {
    const body = productBody(newProductValues({ ownerId: null, warehouseId: null }), false);
    const result = productInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['code', 'familyId']));
  });
});

describe('Function: visibilityBody', () => {
  it.each([true, false])('saves the whole product with hidden = %s', (hidden) => {
    const body = visibilityBody(product, hidden);
    expect(body).toMatchObject({ code: 'RED-1', familyId: 'WINE_RED', hasBatch: true, comment: 'fragile', hidden });
    expect(body.attributes).toEqual(product.attributes);
    expect(productInputSchema.safeParse(body).success).toBe(true);
  });
});
