import { ROLES } from '@cellar/shared/access/roles';
import { PRODUCT_LIST } from '@cellar/shared/products/routes';
import { attributeGroups, familyTree } from '@cellar/shared/referential/data';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { refusedFilters } from '../../../components/data-grid/grid-columns.testing';
import { type ProductColumnsContext, productColumns } from './products-grid';

const context = (role: keyof typeof ROLES): ProductColumnsContext => ({
  principal: { role: ROLES[role], scope: ['*'] },
  attributes: attributeGroups().products ?? {},
  families: familyTree(),
  warehouses: [{ value: 'W1', text: 'BDX - Bordeaux' }],
  language: 'fr',
  t: ((key: string) => key) as TFunction,
  year: 2026,
});

describe('Function: productColumns', () => {
  it('declares no filter the product list route refuses', () => {
    expect(refusedFilters(productColumns(context('superadmin')), PRODUCT_LIST)).toEqual([]);
  });

  it('starts with the stock flag, and shows the company code to the superadmin only', () => {
    const fields = (role: keyof typeof ROLES) => productColumns(context(role)).map((c) => c.field);
    expect(fields('reader')[0]).toBe('hasStock');
    expect(fields('reader')).toContain('hidden');
    expect(fields('reader')).not.toContain('owner.code');
    expect(fields('superadmin')).toContain('owner.code');
  });

  it('offers the current year and the ten before it as vintages', () => {
    const vintage = productColumns(context('user')).find((c) => c.field === 'attributes.vintage');
    const filter = vintage?.filter as { choices: { value: string }[] };
    expect(filter.choices.map((c) => c.value)).toEqual(Array.from({ length: 11 }, (_, i) => String(2026 - i)));
  });

  it('reads attribute codes in the current language', () => {
    const capacity = productColumns(context('user')).find((c) => c.field === 'attributes.capacity');
    expect(capacity?.value?.({ attributes: { capacity: 'CL75' } } as never)).toBe('75 cl');
  });
});
