import type { SelfUpdate } from '@cellar/shared/auth/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/auth';

/** PUT /api/auth/user: one's own name, e-mail and notification channels. */
export const updateProfile = (body: SelfUpdate) => callRoute(routes.authUserUpdate, { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer holds fewer includes than the session's user (no address, no children): read it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
