/** Each list's CSV export, by the route of the list: the same functions its direct `output=csv` call runs. */
import type { ListQuery } from '@cellar/shared/filter/query';
import type { RouteId } from '@cellar/shared/routes/table';
import { exportLogs } from '../activityLogs/service';
import type { Caller } from '../auth/principal';
import { exportCompanies } from '../companies/service';
import { exportContacts } from '../contacts/service';
import type { HttpResponse } from '../platform/http';
import { exportProducts } from '../products/service';
import { exportReceptions } from '../receptions/service';
import { exportMovements } from '../stockMovements/service';
import { exportStocks } from '../stocks/service';
import { exportUsers } from '../users/service';

export type Exporter = (caller: Caller, query: ListQuery) => Promise<HttpResponse>;

export const EXPORTERS: Partial<Record<RouteId, Exporter>> = {
  contactList: exportContacts,
  userList: exportUsers,
  companyList: exportCompanies,
  productList: exportProducts,
  stockList: exportStocks,
  stockMovementList: exportMovements,
  receptionList: exportReceptions,
  activityLogList: exportLogs,
};
