import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey } from '../../../lib/route-key';

export const deleteAppUpdate = (id: string) =>
  callRoute(routes.appUpdateDelete, { params: { id }, messages: { success: i18n.t('updates.deleted') } });

export function useDeleteAppUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.appUpdateList) }),
  });
}
