/**
 * The reference data every screen picks from — warehouses, client accounts, product families and attributes,
 * stock qualities — read once here so that a form, a grid's filter and an import share one cache entry and one
 * definition. The referential ships with the product and never goes stale; warehouses and accounts change
 * rarely.
 */
import { MAX_PAGE_SIZE } from '@cellar/shared/filter/query';
import type { ProductFamily } from '@cellar/shared/referential/schemas';
import { routes } from '@cellar/shared/routes/table';
import { DEFAULT_QUALITIES } from '@cellar/shared/stocks/qualities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client';
import { routeKey } from './route-key';

const FIVE_MINUTES = 5 * 60_000;

/** The caller's company's warehouses; every warehouse for a superadmin. */
export const warehousesQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.warehouseList),
    queryFn: () => callRoute(routes.warehouseList),
    staleTime: FIVE_MINUTES,
  });

export const useWarehouses = (enabled = true) => useQuery({ ...warehousesQueryOptions(), enabled });

/**
 * The client accounts a superadmin works for (owner pickers): the light variant, which carries each account's
 * warehouses, segments and flags (top agent) and nothing else.
 */
const OWNER_ACCOUNTS_QUERY = {
  sort: [{ field: 'code', desc: false }],
  paginate: MAX_PAGE_SIZE,
  params: { light: 'true' },
};

export const useOwnerAccounts = (enabled: boolean) =>
  useQuery({
    queryKey: routeKey(routes.companyList, undefined, OWNER_ACCOUNTS_QUERY),
    queryFn: () => callRoute(routes.companyList, { query: OWNER_ACCOUNTS_QUERY }),
    select: (page) => page.data,
    staleTime: FIVE_MINUTES,
    enabled,
  });

export type OwnerAccount = NonNullable<ReturnType<typeof useOwnerAccounts>['data']>[number];

const byName = (a: ProductFamily, b: ProductFamily) => a.name.localeCompare(b.name, 'fr');
const GLOBAL_FAMILIES_QUERY = {
  include: ['families'],
  sort: [{ field: 'name', desc: false }],
  filters: [{ field: 'owner_id', op: 'eq' as const, values: ['NULL'] }],
};

/** The global families with their sub-families, both sorted by name (spec 3 §2). */
export const productFamiliesQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.productFamilies, undefined, GLOBAL_FAMILIES_QUERY),
    queryFn: async () => {
      const families = await callRoute(routes.productFamilies, { query: GLOBAL_FAMILIES_QUERY });
      return [...families].sort(byName).map((f) => ({ ...f, families: [...(f.families ?? [])].sort(byName) }));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useProductFamilies = () => useQuery(productFamiliesQueryOptions());

/** Every attribute, by group and id (spec 3 §3: loaded once), for the grids' attribute columns. */
export const attributeGroupsQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.attributeGroups),
    queryFn: () => callRoute(routes.attributeGroups),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The product attributes by id. */
export const useProductAttributes = () =>
  useQuery({ ...attributeGroupsQueryOptions(), select: (groups) => groups.products ?? {} });

/** The attributes of a sub-family, in form order. */
export const familyAttributesQueryOptions = (subFamilyId: string) =>
  queryOptions({
    queryKey: routeKey(routes.familyAttributes, { id: subFamilyId }),
    queryFn: () => callRoute(routes.familyAttributes, { params: { id: subFamilyId } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useFamilyAttributes = (subFamilyId: string | null | undefined) =>
  useQuery({ ...familyAttributesQueryOptions(subFamilyId ?? ''), enabled: Boolean(subFamilyId) });

const FALLBACK_QUALITIES = DEFAULT_QUALITIES.map((code) => ({ code, label: code }));

export const stockQualitiesQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.stockQualities),
    queryFn: () => callRoute(routes.stockQualities),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The stock qualities, or the built-in list when the call fails (spec 3 §7). */
export function useStockQualities() {
  const query = useQuery(stockQualitiesQueryOptions());
  return query.isError ? FALLBACK_QUALITIES : query.data;
}
