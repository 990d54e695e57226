import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export const deleteAppUpdate = (id: string) => callRoute(routes.appUpdateDelete, { params: { id } });

export function useDeleteAppUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['app-updates'] }),
  });
}
