/**
 * The product form opened from another flow (?origin=/reception/create) returns there with the new product
 * (?product_id=<id>); the reception pages will use it. Only a path of this application may be an origin.
 */
export function originOf(params: URLSearchParams): string | null {
  const path = params.get('origin');
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  return path;
}

/** /reception/create?x=1 + id → /reception/create?x=1&product_id=id */
export function returnPath(origin: string, productId: string): string {
  const url = new URL(origin, 'http://origin.invalid');
  url.searchParams.set('product_id', productId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The list after a save, searching for the product's label. */
export const listPathFor = (listPath: string, label: string) =>
  `${listPath}?${new URLSearchParams({ search_filter: label }).toString()}`;
