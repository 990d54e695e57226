import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';

export const deleteUser = (id: string) => callRoute(routes.userDelete, { params: { id } });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
