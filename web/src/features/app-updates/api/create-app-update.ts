import { routes } from '@cellar/shared/routes/table';
import type { appUpdateInputSchema } from '@cellar/shared/schemas/activity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute } from '../../../lib/api-client';

export type AppUpdateInput = z.infer<typeof appUpdateInputSchema>;

export const createAppUpdate = (body: AppUpdateInput) => callRoute(routes.appUpdateCreate, { body });

export function useCreateAppUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['app-updates'] }),
  });
}
