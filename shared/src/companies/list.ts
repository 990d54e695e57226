import { EXPORT_PARAMS } from '../filter/query';
import { searchWords } from '../filter/search';

/** The columns the company list sorts by: the code (the key), the name and the state on list-sort indexes. */
const COMPANY_SORTS = { code: 'key', name: 'LS1', active: { index: 'LS2', type: 'boolean' } } as const;

export const COMPANY_LIST = {
  filters: ['code', 'name', 'active', 'search', 'segments.code', 'warehouses.code'],
  sorts: Object.keys(COMPANY_SORTS) as (keyof typeof COMPANY_SORTS)[],
  indexes: { ...COMPANY_SORTS, search: 'search' },
  includes: ['address', 'warehouses', 'segments', 'permissions', 'carriers'],
  params: [...EXPORT_PARAMS, 'light'],
  // Loaded with the first export: no function starts with them.
  columnDefs: () => import('./export-columns').then((m) => m.COMPANY_COLUMN_DEFS),
  columns: [
    'code',
    'name',
    'address.street',
    'address.postcode',
    'address.city',
    'address.country',
    'warehouses.code',
    'segments.code',
    'active',
  ],
  // Warehouses are written as their codes.
  columnAliases: { warehouses: ['warehouses.code'], 'warehouses.name': ['warehouses.code'] },
} as const;

/** What the company search finds a company by: its code and its name (word beginnings). */
export const companyWords = (c: { code: string; name: string }) => searchWords(c.code, c.name);
