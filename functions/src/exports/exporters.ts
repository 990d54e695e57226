/**
 * The exportable lists, by their route: the same list each route answers (its plan, its file name, its columns),
 * which the worker exports as the requester with `exportList`, as the direct `output=csv` call does.
 */
import type { ListQuery } from '@cellar/shared/filter/query';
import { logList } from '../activityLogs/service';
import type { Caller } from '../auth/principal';
import { companyList } from '../companies/service';
import { contactList } from '../contacts/service';
import { orderList } from '../orders/list';
import type { HttpResponse } from '../platform/http';
import { exportList, type ListAnswer } from '../platform/lists';
import { productList } from '../products/service';
import { receptionList } from '../receptions/list';
import { shippingOrderList } from '../shippingOrders/list';
import { movementList } from '../stockMovements/service';
import { stockList } from '../stocks/service';
import { userList } from '../users/service';
import type { ExportableRoute } from './exportable';

/** A list's CSV, as its route's `output=csv` answers it. */
const exporting =
  <T>(listOf: (caller: Caller, query: ListQuery) => Promise<ListAnswer<T>>) =>
  async (caller: Caller, query: ListQuery): Promise<HttpResponse> =>
    exportList(await listOf(caller, query), query);

export const EXPORTS: Record<ExportableRoute, (caller: Caller, query: ListQuery) => Promise<HttpResponse>> = {
  contactList: exporting(contactList),
  userList: exporting(userList),
  companyList: exporting(companyList),
  productList: exporting(productList),
  stockList: exporting(stockList),
  stockMovementList: exporting(movementList),
  receptionList: exporting(receptionList),
  orderList: exporting(orderList),
  shippingOrderList: exporting(shippingOrderList),
  activityLogList: exporting(logList),
};
