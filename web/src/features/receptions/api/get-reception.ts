import { RECEPTION_INCLUDES } from '@cellar/shared/receptions/routes';
import { receptionRules } from '@cellar/shared/receptions/status';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, callRoute } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { routeKey } from '../../../lib/route-key';

/** Every include of one reception (spec 3 §7): what the form, the detail and the status page show. */
export const RECEPTION_DETAIL_QUERY = { include: [...RECEPTION_INCLUDES] };

export const receptionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: routeKey(routes.receptionGet, { id }, RECEPTION_DETAIL_QUERY),
    queryFn: () =>
      callRoute(routes.receptionGet, {
        params: { id },
        query: RECEPTION_DETAIL_QUERY,
        // An unknown reception is answered by the page (/404), not by a notice.
        quietStatuses: [404, 422],
      }),
  });

/** The reception a page's loader has fetched. */
export const useReception = (id: string) => useSuspenseQuery(receptionQueryOptions(id)).data;

/** What the warehouse does with a delivery (its arrival, its count) shows within this delay, without a reload. */
export const RECEPTION_REFRESH_MS = 10_000;

/**
 * The reception a page's loader has fetched, read again in the background while the warehouse is to move it
 * (announced: its arrival; arrived: its count); a draft or a closed reception is not the warehouse's to change.
 */
export const useWatchedReception = (id: string) =>
  useSuspenseQuery({
    ...receptionQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data && receptionRules.awaitsWarehouse(query.state.data.statusCode) ? RECEPTION_REFRESH_MS : false,
  }).data;

/** A reception before its page, or /404 when it is unknown (spec 3 §8). */
export async function loadReception(id: string | null | undefined) {
  try {
    if (!id) throw new ApiError(404, undefined, 'Not found');
    return await queryClient.fetchQuery(receptionQueryOptions(id));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      throw redirect(paths.notFound.path);
    }
    throw error;
  }
}

/** A reception to edit in the form: unknown → /404, no longer modifiable → the list (spec 3 §2). */
export async function loadModifiableReception(id: string | null | undefined) {
  const reception = await loadReception(id);
  if (!receptionRules.isModifiable(reception.statusCode)) throw redirect(paths.receptions.list.path);
  return reception;
}

/** A reception to read: unknown → /404; a draft has no detail (it opens in the form) → the list. */
export async function loadViewableReception(id: string | null | undefined) {
  const reception = await loadReception(id);
  if (!receptionRules.isViewable(reception.statusCode)) throw redirect(paths.receptions.list.path);
  return reception;
}
