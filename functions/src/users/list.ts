/** The user list and its export, answered from the list's plan. */
import { type Condition, type ListQuery, withExportRange } from '@cellar/shared/filter/query';
import { userRoutes } from '@cellar/shared/users/routes';
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
 * The list's plan (USER_LIST.indexes): a company's users (the caller's, or the superadmin's choice), or everyone's
 * for the superadmin. A company's range is its users' key (GSI1) and LS7, so it is read whole when a sort needs it.
 */
async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Row>> {
  const refs = await loadRefs();
  const companyFilter = q.filters.find((c) => c.field === 'company.uuid' && c.op === 'eq' && c.values.length === 1);
  const scope = listedOwner(caller, q.filters, 'company.uuid') ?? 'all';
  const own: Condition[] = scope === 'all' ? [] : [{ field: 'company.uuid', op: 'eq', values: [scope] }];
  return {
    spec: userRoutes.userList.list,
    keySource: userSource(scope),
    keySort: { field: 'lastname', desc: false },
    sortScope: keys.users,
    searchScope: userSearchScope(scope),
    // The superadmin's company filter chose the range; anyone else's is one more condition on their own users.
    conditions: [...q.filters.filter((c) => !(caller.isSuperadmin && c === companyFilter)), ...own],
    keyConditions: own,
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
