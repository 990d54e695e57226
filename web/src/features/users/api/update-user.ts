import { routes } from '@cellar/shared/routes/table';
import type { UserUpdate } from '@cellar/shared/users/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallMessages, callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { routeKey } from '../../../lib/route-key';

/** Saves a user; `messages` word a change that is not an edit ('User activated.'). */
export const updateUser = ({ id, body, messages }: { id: string; body: UserUpdate; messages?: CallMessages }) =>
  callRoute(routes.userUpdate, {
    params: { id },
    body,
    messages: { update: i18n.t('users.updated'), error: i18n.t('users.update_error'), ...messages },
  });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.invalidateQueries({ queryKey: routeKey(routes.userGet, { id: user.id }) }),
  });
}
