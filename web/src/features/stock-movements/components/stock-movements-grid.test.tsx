import { ROLES } from '@cellar/shared/access/roles';
import { STOCK_MOVEMENT_LIST } from '@cellar/shared/stockMovements/routes';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { exportTitleMismatches, refusedFilters } from '../../../components/data-grid/grid-columns.testing';
import { type MovementColumnsContext, movementColumns } from './stock-movements-grid';

const context = (role: keyof typeof ROLES): MovementColumnsContext => ({
  principal: { role: ROLES[role], scope: ['*'] },
  warehouses: [],
  qualities: ['STD', 'NCO'],
  language: 'fr',
  t: ((key: string) => key) as TFunction,
});

describe('Function: movementColumns', () => {
  it('declares no filter the movement list route refuses', () => {
    expect(refusedFilters(movementColumns(context('superadmin')), STOCK_MOVEMENT_LIST)).toEqual([]);
  });

  it('titles each column as the movement export does', async () => {
    expect(await exportTitleMismatches(movementColumns(context('superadmin')), STOCK_MOVEMENT_LIST)).toEqual([]);
  });

  it('filters the date by range, and shows the owner to the superadmin only', () => {
    const columns = movementColumns(context('user'));
    expect(columns[0]).toMatchObject({ field: 'date', filter: 'dateRange' });
    expect(columns.map((c) => c.field)).not.toContain('owner.code');
    expect(movementColumns(context('superadmin')).at(-1)?.field).toBe('owner.code');
  });
});
