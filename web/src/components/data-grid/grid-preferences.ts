/** The saved column layout of a grid (GET / PUT / DELETE /api/preferences/{slug}), per user. */

import type { PreferenceSlug } from '@cellar/shared/preferences/schemas';
import { routes } from '@cellar/shared/routes/table';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';
import { routeKey } from '../../lib/route-key';

export const preferenceQueryOptions = (slug: PreferenceSlug) =>
  queryOptions({
    queryKey: routeKey(routes.preferenceGet, { slug }),
    queryFn: () => callRoute(routes.preferenceGet, { params: { slug } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useGridPreference = (slug: PreferenceSlug) => useQuery(preferenceQueryOptions(slug));

export function useSaveGridPreference(slug: PreferenceSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: string[]) => callRoute(routes.preferencePut, { params: { slug }, body: { columns } }),
    onSuccess: (saved) => queryClient.setQueryData(preferenceQueryOptions(slug).queryKey, saved),
  });
}

export function useResetGridPreference(slug: PreferenceSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(routes.preferenceDelete, { params: { slug } }),
    onSuccess: () => queryClient.setQueryData(preferenceQueryOptions(slug).queryKey, null),
  });
}
