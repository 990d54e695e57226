/**
 * The exportable lists, by their route: the same list each route answers (its plan, its file name, its columns),
 * which the worker exports as the requester, in the requester's language, with `listExport`, as the direct
 * `output=csv|xlsx` call does. Each domain's list is loaded by the first export of it: the worker starts with none
 * of them.
 */
import type { ListQuery } from '@cellar/shared/filter/query';
import type { Caller } from '../caller/principal';
import type { ListAnswer } from '../platform/http/lists';
import type { ExportableRoute } from './exportable';

type ListOf<T> = (caller: Caller, query: ListQuery) => Promise<ListAnswer<T>>;
/** A list's answer (its plan, file name and columns), its module loaded on first use. */
export type Exporter = (caller: Caller, query: ListQuery) => Promise<ListAnswer<unknown>>;

const exporting =
  <T>(load: () => Promise<ListOf<T>>): Exporter =>
  async (caller, query) =>
    (await (
      await load()
    )(caller, query)) as ListAnswer<unknown>;

export const EXPORTS: Record<ExportableRoute, Exporter> = {
  contactList: exporting(async () => (await import('../contacts/list')).contactList),
  userList: exporting(async () => (await import('../users/list')).userList),
  companyList: exporting(async () => (await import('../companies/list')).companyList),
  productList: exporting(async () => (await import('../products/list')).productList),
  stockList: exporting(async () => (await import('../stocks/list')).stockList),
  stockMovementList: exporting(async () => (await import('../stockMovements/list')).movementList),
  receptionList: exporting(async () => (await import('../receptions/list')).receptionList),
  orderList: exporting(async () => (await import('../orders/list')).orderList),
  shippingOrderList: exporting(async () => (await import('../shippingOrders/list')).shippingOrderList),
  activityLogList: exporting(async () => (await import('../activityLogs/list')).logList),
};
