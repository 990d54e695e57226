/**
 * THE route table: every API route, once, declared in the domain files beside this one. Add a route there and
 * its handler in functions/src/<resource>; the Lambda router, the CDK API stack, the local gateway, the SPA client
 * and the access-control suite follow.
 */
import { docsRoutes } from '../docs/routes';
import { catalogueRoutes } from './catalogue';
import { contactRoutes } from './contacts';
import type { RouteDef } from './define';
import { exportRoutes } from './exports';
import { identityRoutes } from './identity';
import { importRoutes } from './imports';
import { platformRoutes } from './platform';

export { PRODUCT_LIST, STOCK_LIST, STOCK_MOVEMENT_LIST } from './catalogue';
export { CONTACT_LIST } from './contacts';

export const routes = {
  ...identityRoutes,
  ...contactRoutes,
  ...catalogueRoutes,
  ...platformRoutes,
  ...importRoutes,
  ...exportRoutes,
  ...docsRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList: readonly RouteDef[] = Object.values(routes);
