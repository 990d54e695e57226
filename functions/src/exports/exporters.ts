/** Each list's CSV export, by the route of the list: the same functions its direct `output=csv` call runs. */
import type { ListQuery } from '@cellar/shared/filter/query';
import { exportLogs } from '../activityLogs/service';
import type { Caller } from '../auth/principal';
import { exportCompanies } from '../companies/service';
import { exportContacts } from '../contacts/service';
import type { HttpResponse } from '../platform/http';
import { exportProducts } from '../products/service';
import { exportOrders } from '../orders/list';
import { exportReceptions } from '../receptions/list';
import { exportMovements } from '../stockMovements/service';
import { exportStocks } from '../stocks/service';
import { exportUsers } from '../users/service';
import type { EXPORTABLE } from './exportable';

export type Exporter = (caller: Caller, query: ListQuery) => Promise<HttpResponse>;

/** Each exportable list's own CSV export, run by the worker as the requester. */
export const EXPORTERS: Record<(typeof EXPORTABLE)[number], Exporter> = {
  contactList: exportContacts,
  userList: exportUsers,
  companyList: exportCompanies,
  productList: exportProducts,
  stockList: exportStocks,
  stockMovementList: exportMovements,
  receptionList: exportReceptions,
  orderList: exportOrders,
  activityLogList: exportLogs,
};
