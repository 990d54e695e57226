import type { RouteId } from '@cellar/shared/routes/table';

/** The lists a background export may run (the API checks a request against them without loading any list). */
export const EXPORTABLE = [
  'contactList',
  'userList',
  'companyList',
  'productList',
  'stockList',
  'stockMovementList',
  'receptionList',
  'orderList',
  'shippingOrderList',
  'activityLogList',
] as const satisfies readonly RouteId[];

export type ExportableRoute = (typeof EXPORTABLE)[number];

export const isExportable = (id: string): id is ExportableRoute => (EXPORTABLE as readonly string[]).includes(id);
