import type { PasswordChange } from '@cellar/shared/auth/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/**
 * PUT /api/auth/password: one's own password, given the current one. The server ends every other session of the
 * user; this one goes on with the fresh token of the answer (never while impersonating: the form is not shown).
 */
export async function changePassword(body: PasswordChange) {
  const answer = await callRoute(routes.authPasswordChange, { body });
  storage.set('token', answer.access_token);
  return answer;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
