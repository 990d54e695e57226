import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { resourceKey } from '../../../lib/route-key';

export const deleteAppUpdate = (id: string) => callRoute(routes.appUpdateDelete, { params: { id } });

export function useDeleteAppUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.appUpdateList) }),
  });
}
