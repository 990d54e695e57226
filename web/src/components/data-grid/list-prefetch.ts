/**
 * A list page's first requests, started by its route's loader beside the signed-in user's: the column layout and
 * the first page of rows. The grid then takes the page already asked (once: a refresh asks again) instead of
 * asking after the user, then the layout, then the rows, one after the other.
 */
import { DEFAULT_PAGE_SIZE, type ListQuery, type SortKey } from '@cellar/shared/filter/query';
import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import { callRoute, type ResponseOf } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { activeToken } from '../../lib/storage';
import type { ListRoute, RouteCondition } from './grid-column';
import { preferenceQueryOptions } from './grid-preferences';
import { PHONE_QUERY } from './grid-states';
import { gridQuery, pageOf } from './list-query';

/** What a list's grid asks when nothing is searched, filtered or sorted: the props it gives DataGrid. */
export interface ListPlan<R extends ListRoute> {
  route: R;
  slug: PreferenceSlug;
  defaultSort: SortKey[];
  fixedFilters: RouteCondition<R>[];
  include: R['list']['includes'][number][];
}

export interface PrefetchedPage<R extends ListRoute> {
  answer: Promise<ResponseOf<R>>;
  /** Aborts the request when what the grid asks changes before it is answered. */
  controller: AbortController;
}

/** A page asked longer ago than this is not taken: the grid asks afresh. */
const FRESH_MS = 15_000;
const asked = new Map<string, PrefetchedPage<ListRoute> & { at: number }>();
/** The session (its token) the pages were asked in. */
let askedIn: string | null = null;

/**
 * The pages asked in the current session: a sign-out does not reload the tab, so the pages of the previous session
 * are dropped (and their requests stopped) rather than handed to the next user signed in.
 */
function sessionPages() {
  const session = activeToken();
  if (session !== askedIn) {
    for (const page of asked.values()) page.controller.abort();
    asked.clear();
    askedIn = session;
  }
  return asked;
}
const keyOf = (route: ListRoute, query: ListQuery) => `${route.method} ${route.path} ${JSON.stringify(query)}`;

/** The first page's query, as the grid builds it (useListDatasource) when no link, search, filter or sort applies. */
export function firstPageQuery<R extends ListRoute>(plan: ListPlan<R>): ListQuery {
  const query = gridQuery({
    fixedFilters: plan.fixedFilters,
    search: '',
    filterModel: {},
    sortModel: [],
    defaultSort: plan.defaultSort,
    include: plan.include,
  });
  return pageOf(query, 0, DEFAULT_PAGE_SIZE);
}

/**
 * Starts what every list page needs before its rows, beside the user's request: AG Grid's chunk, which the grid
 * loads lazily (on a phone, the light table's instead), and the column layout (the grid waits for it before it
 * asks its first page).
 */
export function prefetchGridLayout(slug: PreferenceSlug): void {
  // A phone opens a list in the light table (light-grid.tsx): AG Grid comes only if a column's filter is asked.
  const phone = typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches;
  void (phone ? import('./light-grid') : import('./infinite-grid'));
  void queryClient.prefetchQuery(preferenceQueryOptions(slug));
}

/**
 * Starts the column layout's and the first page's requests of a list page at `url`. A link that searches or
 * filters (?search_filter=, ?grid_filters=) asks another first page: the grid asks that one itself.
 */
export function prefetchList<R extends ListRoute>(plan: ListPlan<R>, url: URL): void {
  prefetchGridLayout(plan.slug);
  if (url.searchParams.has('search_filter') || url.searchParams.has('grid_filters')) return;
  const query = firstPageQuery(plan);
  const controller = new AbortController();
  const answer = callRoute(plan.route, { query, quiet: true, signal: controller.signal });
  // The grid reports a failure when it takes the page; a page nobody takes fails silently.
  answer.catch(() => undefined);
  sessionPages().set(keyOf(plan.route, query), { answer, controller, at: performance.now() });
}

/** The page a loader asked for exactly this query, if recent; it is then forgotten. */
export function takePrefetchedPage<R extends ListRoute>(route: R, query: ListQuery): PrefetchedPage<R> | undefined {
  const key = keyOf(route, query);
  const pages = sessionPages();
  const page = pages.get(key);
  pages.delete(key);
  if (!page || performance.now() - page.at > FRESH_MS) return undefined;
  return page as unknown as PrefetchedPage<R>;
}
