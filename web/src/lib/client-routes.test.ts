import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteDef } from '@cellar/shared/api/route';
import * as authModule from '@cellar/shared/auth/routes';
import * as ordersModule from '@cellar/shared/orders/routes';
import * as tableModule from '@cellar/shared/routes/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { clientRoute, moduleWithClientRoutes, routeHomes } from './client-routes';

const table = tableModule.routes as unknown as Record<string, RouteDef>;
/** Every domain's routes.ts, as the build reads them, by the name its shipped module gets here. */
const domains = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('../../../shared/src/*/routes.ts', { eager: true })).map(
    ([path, module]) => [`./${path.split('/').at(-2)}.mjs`, module],
  ),
);
const homes = routeHomes(table, domains);

// Under the project (its modules are the test runner's to import), removed after.
const cache = join(import.meta.dirname, '../../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'client-routes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules as the build answers them, written and imported as the SPA would. */
beforeAll(() => {
  for (const [id, module] of Object.entries({ ...domains, './table.mjs': tableModule })) {
    writeFileSync(join(dir, id), moduleWithClientRoutes({ ...module }, id, homes));
  }
});
const shipped = <M>(id: string): Promise<M> => import(/* @vite-ignore */ pathToFileURL(join(dir, id)).href);

const SCHEMA_KEYS = ['params', 'body', 'query', 'response', 'headers'];
/** A route (schemas = true) or a list as data, without what the SPA is not shipped. */
const asData = (value: object, schemas = false) =>
  JSON.parse(
    JSON.stringify(value, function (this: unknown, k, v) {
      return (schemas && this === value && SCHEMA_KEYS.includes(k)) || k === 'columnDefs' ? undefined : v;
    }),
  );

describe('the route table the SPA is shipped', () => {
  it('holds every route with its method, path, resource, access and list language, and no schema', async () => {
    const client = await shipped<typeof tableModule>('./table.mjs');
    expect(Object.keys(client.routes)).toEqual(Object.keys(table));
    for (const [name, route] of Object.entries(table)) {
      const shippedRoute = (client.routes as unknown as Record<string, RouteDef>)[name];
      expect(shippedRoute, name).toEqual(asData(route, true));
      for (const key of SCHEMA_KEYS) expect(shippedRoute, `${name}.${key}`).not.toHaveProperty(key);
    }
    expect(client.RESOURCES).toEqual(tableModule.RESOURCES);
    expect(table.orderList?.list?.columnDefs).toBeTypeOf('function');
    expect(clientRoute(table.orderList as RouteDef)).not.toHaveProperty('query');
  });

  it("makes each route once, in its domain's module, which the table and the other modules refer to", async () => {
    const client = await shipped<typeof tableModule>('./table.mjs');
    const auth = await shipped<typeof authModule>('./auth.mjs');
    const orders = await shipped<typeof ordersModule>('./orders.mjs');
    expect(auth.authRoutes.authToken).toBe(client.routes.authToken);
    expect(orders.orderRoutes.orderList).toBe(client.routes.orderList);
    expect(client.routeList[0]).toBe(Object.values(client.routes)[0]);
    expect(orders.ORDER_INCLUDES).toEqual(ordersModule.ORDER_INCLUDES);
    expect(orders.ORDER_LIST).toEqual(asData(ordersModule.ORDER_LIST));
    // The sign-in page's module makes the session's routes and imports no other domain's.
    const source = moduleWithClientRoutes({ ...authModule }, './auth.mjs', homes);
    expect(source).not.toContain('import ');
    expect(source).toContain('"authToken": {');
    expect(moduleWithClientRoutes({ ...tableModule }, './table.mjs', homes)).not.toContain('"method"');
  });

  it('fails, naming it, on an export that is not data, a copy of a route, or a route no domain exports', () => {
    expect(() => moduleWithClientRoutes({ LIST: { parse: () => 1 } }, 'x', homes)).toThrow(
      'x: LIST.parse is not data (function)',
    );
    expect(() => moduleWithClientRoutes({ schema: z.object({}) }, 'x', homes)).toThrow('x: schema is not data');
    expect(() => moduleWithClientRoutes({ copy: { ...table.authToken } }, 'x', homes)).toThrow(
      'x: copy is a route the table does not hold',
    );
    expect(() => routeHomes(table, { './auth.mjs': authModule })).toThrow(/The routes .*userList.* are exported by no/);
  });
});
