import { routes } from '@cellar/shared/routes/table';
import type { UserUpdate } from '@cellar/shared/users/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { routeKey } from '../../../lib/route-key';

export const updateUser = ({ id, body }: { id: string; body: UserUpdate }) =>
  callRoute(routes.userUpdate, { params: { id }, body, errorMessage: i18n.t('users.update_error') });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.invalidateQueries({ queryKey: routeKey(routes.userGet, { id: user.id }) }),
  });
}
