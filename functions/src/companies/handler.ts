/** Client accounts as pickers need them; the full company management comes with the identity issue. */
import { comparator, matchesAll } from '@cellar/shared/filter/match';
import { DEFAULT_PAGE_SIZE } from '@cellar/shared/filter/query';
import { pageMeta } from '@cellar/shared/schemas/common';
import { companies, SEGMENTS, warehouseRef, warehouses } from '../data/reference';
import { resourceHandler } from '../platform/http';

export const handler = resourceHandler('companies', {
  companyList: async ({ caller, list }) => {
    const [all, ws] = await Promise.all([companies.get(), warehouses.get()]);
    const include = new Set(list.include);
    const visible = [...all.values()].filter((c) => caller.isSuperadmin || c.id === caller.tenantId);
    const rows = visible
      .filter((c) => matchesAll(c, list.filters))
      .sort(comparator(list.sort.length ? list.sort : [{ field: 'code', desc: false }]));
    const page = list.page ?? 1;
    const perPage = list.paginate ?? DEFAULT_PAGE_SIZE;
    const data = rows.slice((page - 1) * perPage, page * perPage).map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      isPooledActivity: c.isPooledActivity,
      isTopAgent: c.isTopAgent,
      isCertifiedOrganic: c.isCertifiedOrganic,
      ...(include.has('address') ? { address: c.address as never } : {}),
      ...(include.has('segments') ? { segments: c.segments.map((s) => SEGMENTS[s]) } : {}),
      ...(include.has('warehouses')
        ? { warehouses: c.warehouseIds.map((id) => warehouseRef(ws.get(id))).filter((w) => w !== undefined) }
        : {}),
    }));
    return { data, meta: pageMeta(rows.length, page, perPage, data.length) };
  },
});
