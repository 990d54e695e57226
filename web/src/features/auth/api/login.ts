import type { Credentials } from '@cellar/shared/auth/credentials';
import { authRoutes as routes } from '@cellar/shared/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { startSession, userQueryOptions } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';

/** Signs in: stores the token, then loads the user before the first page. */
export async function login(credentials: Credentials) {
  const { access_token } = await callRoute(routes.authToken, { body: credentials });
  startSession(access_token);
  return queryClient.fetchQuery(userQueryOptions());
}

export const useLogin = () => useMutation({ mutationFn: login });
