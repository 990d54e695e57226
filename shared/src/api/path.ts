/**
 * An API path's parameters, read and filled: the gateway matches requests with `compilePath`, the SPA calls routes
 * with `fillPath`. Apart from the routes' schemas, so that the SPA's first load builds none to call a route.
 */

/** /api/contacts/{id} → a RegExp and the names of its parameters. */
export function compilePath(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  return { regex: new RegExp(`^${pattern.replace(/\\\{|\\\}/g, '')}$`), names };
}

/** Fills a path's parameters for the client: fillPath('/api/contacts/{id}', { id: 'x' }). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, n: string) => {
    const v = params[n];
    if (v === undefined) throw new Error(`Missing path parameter ${n}`);
    return encodeURIComponent(v);
  });
}
