/**
 * THE route table: every API route, once, declared in its domain's `routes.ts` (shared/src/<domain>/routes.ts).
 * Add a route there and its handler in functions/src/<resource>; the Lambda router, the CDK API stack, the local
 * gateway, the SPA client and the access-control suite follow. A route's name is its key here.
 */
import { activityLogRoutes } from '../activityLogs/routes';
import type { RouteDef } from '../api/route';
import { apiKeyRoutes } from '../apiKeys/routes';
import { appUpdateRoutes } from '../appUpdates/routes';
import { authRoutes } from '../auth/routes';
import { companyRoutes } from '../companies/routes';
import { contactRoutes } from '../contacts/routes';
import { dashboardRoutes } from '../dashboard/routes';
import { docsRoutes } from '../docs/routes';
import { exportRoutes } from '../exports/routes';
import { importRoutes } from '../imports/routes';
import { orderDocumentRoutes, orderRoutes } from '../orders/routes';
import { preferenceRoutes } from '../preferences/routes';
import { productRoutes } from '../products/routes';
import { receptionRoutes } from '../receptions/routes';
import { referentialRoutes } from '../referential/routes';
import { shippingOrderRoutes } from '../shippingOrders/routes';
import { stockMovementRoutes } from '../stockMovements/routes';
import { stockRoutes } from '../stocks/routes';
import { userRoutes } from '../users/routes';
import { warehouseRoutes } from '../warehouses/routes';
import { webhookRoutes } from '../webhooks/routes';

export const routes = {
  ...authRoutes,
  ...userRoutes,
  ...companyRoutes,
  ...warehouseRoutes,
  ...contactRoutes,
  ...referentialRoutes,
  ...productRoutes,
  ...stockRoutes,
  ...stockMovementRoutes,
  ...receptionRoutes,
  ...orderRoutes,
  ...orderDocumentRoutes,
  ...shippingOrderRoutes,
  ...preferenceRoutes,
  ...appUpdateRoutes,
  ...activityLogRoutes,
  ...importRoutes,
  ...exportRoutes,
  ...docsRoutes,
  ...dashboardRoutes,
  ...apiKeyRoutes,
  ...webhookRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList: readonly RouteDef[] = Object.values(routes);

/** The resources the routes name: one Lambda each (functions/src/<resource>/handler.ts), in the table's order. */
export type Resource = Routes[RouteId]['resource'];
export const RESOURCES: readonly Resource[] = [...new Set(routeList.map((r) => r.resource as Resource))];
