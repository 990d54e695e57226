import { ROLES } from '@cellar/shared/access/roles';
import { attributeGroups, familyTree } from '@cellar/shared/referential/data';
import { STOCK_LIST } from '@cellar/shared/stocks/routes';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { refusedFilters } from '../../../components/data-grid/grid-columns.testing';
import { type StockColumnsContext, stockColumns } from './stocks-grid';

const context = (role: keyof typeof ROLES, pooled = false): StockColumnsContext => ({
  principal: { role: ROLES[role], scope: ['*'] },
  pooled,
  attributes: attributeGroups().products ?? {},
  families: familyTree(),
  warehouses: [],
  qualities: ['STD', 'NCO'],
  language: 'fr',
  t: ((key: string) => key) as TFunction,
  year: 2026,
  onProduct: () => undefined,
});
const fields = (ctx: StockColumnsContext) => stockColumns(ctx).map((c) => c.field);

describe('Function: stockColumns', () => {
  it('declares no filter the stock list route refuses but the quantities it does not serve yet', () => {
    expect(refusedFilters(stockColumns(context('superadmin')), STOCK_LIST)).toEqual([
      'quantity_receive_in_progress',
      'quantity_on_arriving',
    ]);
  });

  it('has every column of the spec by importance, the lot and warehouse beside the product, owner columns for the superadmin', () => {
    expect(fields(context('superadmin'))).toEqual([
      'owner.code',
      'product.code',
      'product.label',
      'batch',
      'warehouse.name',
      'quantity',
      'available',
      'quantity_allocated',
      'quality',
      'storedAt',
      'product.family.name',
      'product.attributes.color',
      'product.attributes.vintage',
      'product.attributes.capacity',
      'product.attributes.family',
      'product.attributes.taxation',
      'product.attributes.pcb',
      'quantity_receive_in_progress',
      'quantity_on_arriving',
      'ubd',
      'bbd',
      'segment',
      'owner.name',
    ]);
    expect(fields(context('admin'))).not.toContain('owner.code');
  });

  it('hides the segment from a pooled activity', () => {
    expect(fields(context('admin', true))).not.toContain('segment');
  });
});
