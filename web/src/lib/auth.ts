/**
 * The signed-in user, shared by the shell, the guards and every feature: the session token lives in storage,
 * the user in the query cache.
 */
import { type Principal, roleLevel } from '@cellar/shared/access/roles';
import { routes } from '@cellar/shared/routes/table';
import type { User } from '@cellar/shared/users/schemas';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callRoute } from './api-client';
import { queryClient } from './query-client';
import { routeKey } from './route-key';
import { activeToken, storage } from './storage';

const USER_INCLUDE = ['warehouses', 'company', 'company.address', 'company.segments', 'children'];

export const userQueryOptions = () =>
  queryOptions({
    queryKey: routeKey(routes.authUser, undefined, { include: USER_INCLUDE }),
    queryFn: () => callRoute(routes.authUser, { query: { include: USER_INCLUDE } }),
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
  const { access_token } = await callRoute(routes.authLoginAs, { params: { id: userId } });
  storage.set('impersonationToken', access_token);
  window.location.assign('/dashboard');
}

/** Back to the main account: the impersonation token goes, and the page reloads as the real user. */
export function stopImpersonating() {
  storage.remove('impersonationToken');
  window.location.reload();
}
