/** The user list and its export, answered from the list's plan. */
import { type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { USER_COMPANY_LIST, userRoutes } from '@cellar/shared/users/routes';
import { userWords } from '@cellar/shared/users/schemas';
import type { Caller } from '../caller/principal';
import { listedOwner } from '../caller/visibility';
import { keys } from '../data/keys';
import type { PlannedList } from '../data/list';
import { parseInclude } from '../platform/http/include';
import type { ListAnswer } from '../platform/http/lists';
import { type UserItem, userListRow, userRecords, userSearchScope, userSource } from './repository';
import { loadRefs, userRecord } from './view';

type Row = ReturnType<typeof userListRow> & { id: string; user: UserItem; warehouses: { code: string }[] };

/**
 * The list's plan: a company's users (the caller's, or the superadmin's choice) in the company's own list-sort
 * partition (USER_COMPANY_SORTS: a page of them in any order, whatever the other companies hold), or everyone's for
 * the superadmin in the every-user partition (USER_LIST.indexes).
 */
async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Row>> {
  const refs = await loadRefs();
  const companyFilter = q.filters.find((c) => c.field === 'company.uuid' && c.op === 'eq' && c.values.length === 1);
  const scope = listedOwner(caller, q.filters, 'company.uuid') ?? 'all';
  return {
    spec: scope === 'all' ? userRoutes.userList.list : USER_COMPANY_LIST,
    keySource: userSource(scope),
    keySort: { field: 'lastname', desc: false },
    sortScope: scope === 'all' ? keys.users : keys.companyUsers(scope),
    searchScope: userSearchScope(scope),
    // The superadmin's company filter chose the partitions; anyone else's is one more condition on their own users.
    // A company's key range, list-sort partition and search words hold its users alone: no condition for it.
    conditions: q.filters.filter((c) => !(caller.isSuperadmin && c === companyFilter)),
    sort: q.sort,
    map: (item) => {
      const user = userRecords.parse(item);
      const warehouses = user.warehouseIds.map((id) => ({ code: refs.warehouses.get(id)?.code ?? '' }));
      return { ...userListRow(user), id: user.id, user, warehouses };
    },
    id: (r) => r.id,
    words: (r) => userWords(r.user),
  };
}

/** The user list: its page (users with the requested includes) or its export (the list's own fields). */
export async function userList(caller: Caller, query: ListQuery): Promise<ListAnswer<Row>> {
  const q = withExportRange(query, 'createdAt');
  const [p, refs] = await Promise.all([plan(caller, q), loadRefs()]);
  const include = parseInclude(q.include);
  return { plan: p, filename: 'users.csv', present: (rows) => rows.map((r) => userRecord(r.user, include, refs)) };
}
