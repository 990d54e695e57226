/** The company list and its export, answered from the list's plan. */
import { companyWords } from '@cellar/shared/companies/list';
import { companyRoutes } from '@cellar/shared/companies/routes';
import type { ListQuery } from '@cellar/shared/filter/query';
import { withExportRange } from '@cellar/shared/filter/query';
import type { Caller } from '../caller/principal';
import { keys } from '../data/keys';
import type { PlannedList } from '../data/list';
import { type CompanyItem, companyRecords, readCompany, SEGMENTS, warehouses } from '../data/reference';
import type { Item } from '../data/table';
import { exportColumns } from '../platform/http/csv';
import { parseInclude } from '../platform/http/include';
import type { ListAnswer } from '../platform/http/lists';
import { companyView } from './service';

/** A company as its list filters, sorts and exports it: its segments and its warehouses' codes beside it. */
type CompanyRow = Omit<CompanyItem, 'segments'> & {
  segments: { code: string }[];
  warehouses: { code: string }[];
  item: CompanyItem;
};

/**
 * The list's plan (COMPANY_LIST.indexes): every company for the superadmin (GSI1 by code, LS1 and LS2 for the
 * name and the state, the search words); anyone else's list is their own company, read by its key.
 */
async function plan(caller: Caller, query: ListQuery): Promise<PlannedList<CompanyRow>> {
  const q = withExportRange(query, 'createdAt');
  const ws = await warehouses.get();
  return {
    spec: companyRoutes.companyList.list,
    keySource: { index: 'GSI1', pk: keys.companies },
    keySort: { field: 'code', desc: false },
    sortScope: keys.companies,
    searchScope: keys.companies,
    conditions: q.filters,
    sort: q.sort,
    map: (item) => {
      const c = companyRecords.parse(item);
      return {
        ...c,
        item: c,
        segments: c.segments.map((s) => SEGMENTS[s]),
        warehouses: c.warehouseIds.map((id) => ({ code: ws.get(id)?.code ?? '' })),
      };
    },
    id: (c) => c.id,
    words: companyWords,
    direct: caller.isSuperadmin ? undefined : () => ownCompany(caller),
  };
}

async function ownCompany(caller: Caller): Promise<Item[]> {
  const own = await readCompany(caller.tenantId);
  return own ? [companyRecords.item({ ...own, version: own.version ?? 0 })] : [];
}

/** The company list: its page (the light variant for pickers: warehouses and segments only) or its export. */
export async function companyList(caller: Caller, q: ListQuery): Promise<ListAnswer<CompanyRow>> {
  const include = q.params.light === 'true' ? new Set(['warehouses']) : parseInclude(q.include);
  return {
    plan: await plan(caller, q),
    filename: 'companies.csv',
    present: (rows) => Promise.all(rows.map((c) => companyView(c.item, include))),
    // The warehouse column is always exported as codes.
    columns: (query, wording) =>
      exportColumns(
        {
          ...query,
          params: {
            ...query.params,
            columns: `${query.params.columns ?? companyRoutes.companyList.list.columns.join(',')},warehouses.code`,
          },
        },
        companyRoutes.companyList.list,
        wording,
      ),
  };
}
