/**
 * The signed-in user, shared by the shell, the guards and every feature: the session token lives in storage,
 * the user in the query cache.
 */
import { type Principal, roleLevel } from '@cellar/shared/access/roles';
import { authRoutes } from '@cellar/shared/auth/routes';
import type { User } from '@cellar/shared/users/schemas';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callRoute } from './api-client';
import { queryClient } from './query-client';
import { activeToken, storage, tabStorage } from './storage';

const USER_INCLUDE = ['warehouses', 'company', 'company.address', 'company.segments', 'children'];

/**
 * The key routeKey(routes.authUser, undefined, { include }) gives (route-key.test.ts checks it), written out so
 * that the first load does not carry the whole route table, which routeKey reads to name a route.
 */
export const USER_QUERY_KEY = [authRoutes.authUser.resource, 'authUser', {}, { include: USER_INCLUDE }] as const;

export const userQueryOptions = () =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: () => callRoute(authRoutes.authUser, { query: { include: USER_INCLUDE } }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const hasSession = (): boolean => activeToken() !== null;

/** The user, for components under the signed-in layout (whose loader has already fetched it). */
export function useUser(): User {
  return useSuspenseQuery(userQueryOptions()).data;
}

/** Role level and scopes, the shape the shared access rules take. Unknown role words throw. */
export const principalOf = (user: User): Principal => ({ role: roleLevel(user.role), scope: user.scope });

export function usePrincipal(): Principal {
  const user = useUser();
  return useMemo(() => principalOf(user), [user]);
}

export function startSession(token: string) {
  storage.clearSession();
  storage.set('token', token);
  queryClient.clear();
}

/** Logout: every stored session state goes, then the sign-in page. */
export function endSession() {
  storage.clearSession();
  queryClient.clear();
}

/**
 * Acts as another user (a superadmin: anyone; a parent account: its children): the impersonation token takes
 * priority over the main one, and the page starts again as that user.
 */
export async function impersonate(userId: string) {
  const { access_token } = await callRoute(authRoutes.authLoginAs, { params: { id: userId } });
  storage.set('impersonationToken', access_token);
  // The drafts the tab kept are the previous user's: the user now acting must not be offered them.
  tabStorage.clear();
  window.location.assign('/dashboard');
}

/** Back to the main account: the impersonation token goes, and the page reloads as the real user. */
export function stopImpersonating() {
  storage.remove('impersonationToken');
  tabStorage.clear();
  window.location.reload();
}
