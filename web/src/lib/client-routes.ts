/**
 * The route table as the SPA's build ships it: every route's method, path, resource, access and list language,
 * without its zod schemas. The SPA calls routes and names its cache by them (api-client.ts, route-key.ts); it never
 * validates a request or an answer with a route's schemas (the API does), yet importing the table built every schema
 * of every domain on each first visit: on a phone (CPU slowed 4×) about a quarter of a second of the main thread,
 * before the list could answer a tap.
 *
 * The build (vite.config.ts, `clientRoutes`) answers the SPA's imports of `@cellar/shared/routes/table` and of a
 * domain's `routes.ts` with modules written here from the real ones: the table itself stays the one declaration.
 * Each route object is made once, in the module of the domain that declares it (so the sign-in page carries the
 * session's routes only), and every other module refers to that object: a route read from a domain's module is the
 * table's (the query keys find a route's name by identity). Types still come from the real modules.
 */
import type { RouteDef } from '@cellar/shared/api/route';

/** What the SPA reads of a route: everything but its schemas (params, body, query, response, headers). */
export function clientRoute(route: RouteDef): Omit<RouteDef, 'params' | 'body' | 'query' | 'response' | 'headers'> {
  const { params: _p, body: _b, query: _q, response: _r, headers: _h, ...rest } = route;
  return rest;
}

/** Where a route is declared: the shipped module that makes its object, and its name in the table. */
export interface RouteHome {
  module: string;
  name: string;
}

const isRouteLike = (value: object) => 'method' in value && 'path' in value && 'resource' in value;

/**
 * Each route's home: the first of the domains' route modules (by id) whose exports hold it, and its name in the
 * table. A route of the table that no domain's module exports fails the build, named.
 */
export function routeHomes(
  table: Record<string, RouteDef>,
  modules: Record<string, Record<string, unknown>>,
): Map<RouteDef, RouteHome> {
  const homes = new Map<RouteDef, RouteHome>();
  const names = new Map<unknown, string>(Object.entries(table).map(([name, route]) => [route, name]));
  for (const id of Object.keys(modules).sort()) {
    const visit = (value: unknown) => {
      const name = names.get(value);
      if (name !== undefined) {
        if (!homes.has(value as RouteDef)) homes.set(value as RouteDef, { module: id, name });
      } else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
        if (!isRouteLike(value)) Object.values(value).forEach(visit);
      }
    };
    Object.values(modules[id] ?? {}).forEach(visit);
  }
  const homeless = Object.entries(table).filter(([, route]) => !homes.has(route));
  if (homeless.length) {
    throw new Error(`The routes ${homeless.map(([n]) => n).join(', ')} are exported by no domain's routes.ts.`);
  }
  return homes;
}

/**
 * A value written as the source of an expression: data only. A list's `columnDefs` (how an export writes its
 * columns, which only the API's export worker loads) is left out; any other function, or an object that is not
 * plain data (a schema), fails the build, named, rather than being shipped changed.
 */
function dataSource(value: unknown, path: string, from: string, ref: (v: unknown) => string | undefined): string {
  const known = ref(value);
  if (known !== undefined) return known;
  if (value === undefined) return 'undefined';
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v, i) => dataSource(v, `${path}[${i}]`, from, ref)).join(', ')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    if (isRouteLike(value)) throw new Error(`${from}: ${path} is a route the table does not hold (or a copy of one).`);
    return fieldsSource(value, path, from, ref);
  }
  throw new Error(
    `${from}: ${path} is not data (${typeof value}); the SPA reads route modules without their schemas. Move it to a module of its own.`,
  );
}
const noRef = () => undefined;

function fieldsSource(value: object, path: string, from: string, ref: (v: unknown) => string | undefined): string {
  const fields = Object.entries(value)
    .filter(([k, v]) => v !== undefined && !(k === 'columnDefs' && typeof v === 'function'))
    .map(([k, v]) => `${JSON.stringify(k)}: ${dataSource(v, `${path}.${k}`, from, ref)}`);
  return `{ ${fields.join(', ')} }`;
}

/**
 * A shared module (the table or a domain's routes) as the SPA's build ships it: its exports written as data, its
 * own routes made in `__routes` (exported for the modules that refer to them), another module's routes imported from it.
 */
export function moduleWithClientRoutes(
  exports: Record<string, unknown>,
  self: string,
  homes: Map<RouteDef, RouteHome>,
): string {
  const own = [...homes.entries()].filter(([, home]) => home.module === self);
  const imported = new Map<string, string>();
  const ref = (value: unknown) => {
    const home = homes.get(value as RouteDef);
    if (!home) return undefined;
    if (home.module === self) return `__routes[${JSON.stringify(home.name)}]`;
    if (!imported.has(home.module)) imported.set(home.module, `__routes${imported.size}`);
    return `${imported.get(home.module)}[${JSON.stringify(home.name)}]`;
  };
  const lines = Object.entries(exports).map(
    ([key, value]) => `export const ${key} = ${dataSource(value, key, self, ref)};`,
  );
  const made = own.map(
    ([route, home]) => `  ${JSON.stringify(home.name)}: ${fieldsSource(clientRoute(route), home.name, self, noRef)},`,
  );
  return [
    ...[...imported].map(([module, alias]) => `import { __routes as ${alias} } from ${JSON.stringify(module)};`),
    `export const __routes = {\n${made.join('\n')}\n};`,
    ...lines,
    '',
  ].join('\n');
}
