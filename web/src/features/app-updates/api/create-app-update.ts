import type { appUpdateInputSchema } from '@cellar/shared/appUpdates/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey } from '../../../lib/route-key';

export type AppUpdateInput = z.infer<typeof appUpdateInputSchema>;

export const createAppUpdate = (body: AppUpdateInput) =>
  callRoute(routes.appUpdateCreate, { body, messages: { success: i18n.t('updates.created') } });

export function useCreateAppUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppUpdate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.appUpdateList) }),
  });
}
