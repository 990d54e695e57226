import type { SelfUpdate } from '@cellar/shared/auth/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/auth';
import { isImpersonating, storage } from '../../../lib/storage';

/**
 * PUT /api/auth/user: one's own name, e-mail, notification channels and the news heard of by e-mail. A new sign-in e-mail ends the user's other
 * sessions on the server; this one goes on with the fresh token of the answer.
 */
export async function updateProfile(body: SelfUpdate) {
  const answer = await callRoute(routes.authUserUpdate, { body });
  if (answer.access_token) storage.set(isImpersonating() ? 'impersonationToken' : 'token', answer.access_token);
  return answer;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer holds fewer includes than the session's user (no address, no children): read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
