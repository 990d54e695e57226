import { comparator } from '@cellar/shared/filter/match';
import { warehouseRoutes } from '@cellar/shared/warehouses/routes';
import { warehousesSeen } from '../caller/visibility';
import { companies, warehouses } from '../data/reference';
import { resourceHandler } from '../platform/http/pipeline';

export const handler = resourceHandler(warehouseRoutes, {
  /** The superadmin sees every warehouse; others their company's. */
  warehouseList: async ({ caller }) => {
    const [all, cs] = await Promise.all([warehouses.get(), companies.get()]);
    return warehousesSeen(caller, all.values(), cs.get(caller.tenantId)?.warehouseIds ?? [])
      .map(({ id, code, name }) => ({ id, code, name }))
      .sort(comparator([{ field: 'code', desc: false }]));
  },
});
