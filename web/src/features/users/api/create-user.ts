import { routes } from '@cellar/shared/routes/table';
import type { UserCreate } from '@cellar/shared/users/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { routeKey } from '../../../lib/route-key';

/** Creates a user, who receives a first-login e-mail. */
export const createUser = (body: UserCreate) =>
  callRoute(routes.userCreate, {
    body,
    messages: { success: i18n.t('users.created'), error: i18n.t('users.create_error') },
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // The superadmin's choice of children lists every user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKey(routes.userList) }),
  });
}
