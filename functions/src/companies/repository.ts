/** Companies and warehouses: the reference items (see data/ACCESS-PATTERNS.md). */
import { keys } from '../data/keys';
import { type CompanyItem, companies, type WarehouseItem } from '../data/reference';
import { deleteItem, getItem, type Item, putNew, putVersioned } from '../data/table';

const companyItem = (c: CompanyItem) => ({
  ...keys.company(c.id),
  GSI1PK: keys.companies,
  GSI1SK: `${c.code}#${c.id}`,
  entity: 'company',
  ...c,
});
const codeItem = (c: CompanyItem) => ({ ...keys.companyCode(c.code), entity: 'companyCode', companyId: c.id });

export const companyItems = (c: CompanyItem) => [companyItem(c), codeItem(c)];

export function warehouseItem(w: WarehouseItem) {
  return { ...keys.warehouse(w.id), GSI1PK: keys.warehouses, GSI1SK: `${w.code}#${w.id}`, entity: 'warehouse', ...w };
}

function fromItem(item: Item): CompanyItem {
  const { PK, SK, GSI1PK, GSI1SK, entity, ...rest } = item;
  return rest as unknown as CompanyItem;
}

/** Fresh from the table (the cache may be a few seconds old). */
export async function readCompany(id: string): Promise<CompanyItem | undefined> {
  const item = await getItem(keys.company(id));
  return item ? fromItem(item) : undefined;
}

/** Claims the code, then writes the company; a taken code is a 409 on `code`. */
export async function insertCompany(c: CompanyItem, clash: Record<string, string[]>): Promise<void> {
  await putNew(codeItem(c), clash);
  try {
    await putNew(companyItem(c));
  } catch (e) {
    await deleteItem(keys.companyCode(c.code));
    throw e;
  }
  companies.invalidate();
}

export async function saveCompany(next: CompanyItem, previous: CompanyItem): Promise<CompanyItem> {
  const saved = fromItem(await putVersioned(companyItem(next), previous.version ?? 0));
  companies.invalidate();
  return saved;
}
