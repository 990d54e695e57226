import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

export const deleteUser = (id: string) =>
  callRoute(routes.userDelete, { params: { id }, messages: { success: i18n.t('users.deleted') } });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
