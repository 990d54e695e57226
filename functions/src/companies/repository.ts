/** Companies and warehouses: the reference items (declared in data/reference.ts, see data/ACCESS-PATTERNS.md). */

import { clock } from '@cellar/shared/common/clock';
import { type CompanyItem, companies, companyRecords, type WarehouseItem, warehouseRecords } from '../data/reference';
import type { FieldMessages } from '../errors';

const versioned = (c: CompanyItem) => ({ ...c, version: c.version ?? 0 });

/** The items that store a new company (for bulk seeding): the company and its code claim. */
export const companyItems = (c: CompanyItem) => [
  companyRecords.item(versioned(c)),
  ...companyRecords.companionItems(versioned(c)),
];

export const warehouseItem = (w: WarehouseItem) => warehouseRecords.item(w);

/**
 * A new company as the bulk writers start one (the first superadmin's provider, the demo, the benchmarks): both
 * segments, every module, active, no flag and no carrier permission, unless the fields say otherwise.
 */
export const newCompany = (
  fields: Pick<CompanyItem, 'id' | 'code' | 'name' | 'address' | 'warehouseIds'> & Partial<CompanyItem>,
): CompanyItem => ({
  segments: ['B2B', 'B2C'],
  isPooledActivity: false,
  isTopAgent: false,
  isCertifiedOrganic: false,
  scope: ['*'],
  active: true,
  permissions: { contacts: [], services: [] },
  createdAt: clock.iso(),
  version: 1,
  ...fields,
});

/** Claims the code, then writes the company; a taken code is a 409 on `code`. */
export async function insertCompany(c: CompanyItem, clash: FieldMessages): Promise<void> {
  await companyRecords.insert(versioned(c), clash);
  companies.invalidate();
}

export async function saveCompany(next: CompanyItem, previous: CompanyItem): Promise<CompanyItem> {
  const saved = await companyRecords.replace(versioned(next), versioned(previous));
  companies.invalidate();
  return saved;
}
