import { comparator } from '@cellar/shared/filter/match';
import { companies, warehouses } from '../data/reference';
import { resourceHandler } from '../platform/http';

export const handler = resourceHandler('warehouses', {
  /** The superadmin sees every warehouse; others their company's. */
  warehouseList: async ({ caller }) => {
    const [all, cs] = await Promise.all([warehouses.get(), companies.get()]);
    const own = new Set(cs.get(caller.tenantId)?.warehouseIds ?? []);
    return [...all.values()]
      .filter((w) => caller.isSuperadmin || own.has(w.id))
      .map(({ id, code, name }) => ({ id, code, name }))
      .sort(comparator([{ field: 'code', desc: false }]));
  },
});
