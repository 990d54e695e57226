import { ROLES } from '@cellar/shared/access/roles';
import { ORDER_LIST } from '@cellar/shared/orders/routes';
import { describe, expect, it } from 'vitest';
import { exportTitleMismatches } from '../../../components/data-grid/grid-columns.testing';
import { orderColumns } from './orders-grid';

describe('Function: orderColumns', () => {
  it('titles each column as the order export does', async () => {
    const columns = orderColumns({
      principal: { role: ROLES.superadmin, scope: ['*'] },
      warehouses: [],
      countries: [],
      language: 'fr',
    });
    expect(columns.map((c) => c.field)).toContain('owner.name');
    expect(await exportTitleMismatches(columns, ORDER_LIST)).toEqual([]);
  });
});
