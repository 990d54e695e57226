/**
 * The API keys' calls: the list a page of 50 at a time (its `next` cursor), the use log of one key, and the three
 * writes. A key's secret is in the answer of a create or a rotate only: it is handed to the page, never cached.
 */
import type { ApiKeyCreate, ApiKeyRotate } from '@cellar/shared/apiKeys/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { routeKey } from '../../../lib/route-key';

const listQuery = (companyId: string | null) => ({
  params: companyId ? { companyId } : ({} as Record<string, string>),
});

/** The keys, newest first: the caller's company's, or for the provider's staff one company's or everyone's. */
export const useApiKeys = (companyId: string | null) =>
  useInfiniteQuery({
    queryKey: routeKey(routes.apiKeyList, undefined, listQuery(companyId)),
    queryFn: ({ pageParam, signal }) =>
      callRoute(routes.apiKeyList, {
        query: { ...listQuery(companyId), cursor: pageParam ?? undefined },
        signal,
        quiet: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useApiKeyUses = (id: string) =>
  useQuery({
    queryKey: routeKey(routes.apiKeyUses, { id }),
    queryFn: ({ signal }) => callRoute(routes.apiKeyUses, { params: { id }, signal }),
    staleTime: 0,
  });

/** A write's answer makes the list stale (its rows, their status and hints). */
function useKeyWrite<V, R>(write: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKey(routes.apiKeyList) }),
  });
}

/** A 422 is the form's to show, on its fields or above them. */
export const useCreateApiKey = () =>
  useKeyWrite((body: ApiKeyCreate) =>
    callRoute(routes.apiKeyCreate, {
      body,
      quietStatuses: [422],
      messages: { success: i18n.t('api_keys.form.created') },
    }),
  );

/** A new secret; the old one stops at once unless it is kept for `previousValidHours` (a day). */
export const useRotateApiKey = () =>
  useKeyWrite(({ id, ...body }: { id: string } & ApiKeyRotate) =>
    callRoute(routes.apiKeyRotate, {
      params: { id },
      body,
      messages: { success: i18n.t('api_keys.rotate.done') },
    }),
  );

export const useRevokeApiKey = () =>
  useKeyWrite((id: string) =>
    callRoute(routes.apiKeyRevoke, { params: { id }, messages: { success: i18n.t('api_keys.revoke.done') } }),
  );
