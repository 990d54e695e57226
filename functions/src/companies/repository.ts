/** Companies and warehouses: the reference items (see data/ACCESS-PATTERNS.md). */
import { keys } from '../data/keys';
import type { CompanyItem, WarehouseItem } from '../data/reference';

export function companyItems(c: CompanyItem) {
  return [
    { ...keys.company(c.id), GSI1PK: keys.companies, GSI1SK: `${c.code}#${c.id}`, entity: 'company', ...c },
    { ...keys.companyCode(c.code), entity: 'companyCode', companyId: c.id },
  ];
}

export function warehouseItem(w: WarehouseItem) {
  return { ...keys.warehouse(w.id), GSI1PK: keys.warehouses, GSI1SK: `${w.code}#${w.id}`, entity: 'warehouse', ...w };
}
