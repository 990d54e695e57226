import type { receptionCreateSchema, receptionUpdateSchema } from '@cellar/shared/receptions/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { type CallMessages, callRoute } from '../../../lib/api-client';
import { resourceKey } from '../../../lib/route-key';
import { RECEPTION_DETAIL_QUERY, receptionQueryOptions } from './get-reception';

export const createReception = ({
  body,
  messages,
}: {
  body: z.input<typeof receptionCreateSchema>;
  messages?: CallMessages;
}) => callRoute(routes.receptionCreate, { body, query: RECEPTION_DETAIL_QUERY, messages });

/**
 * The wizard's save and send (which word their own outcome), and the status page's change (statusCode, and received
 * quantities).
 */
export const updateReception = ({
  id,
  body,
  messages,
}: {
  id: string;
  body: z.input<typeof receptionUpdateSchema>;
  messages?: CallMessages;
}) => callRoute(routes.receptionUpdate, { params: { id }, body, query: RECEPTION_DETAIL_QUERY, messages });

/** A saved reception replaces its cached answer; the lists and the stock read from it are stale. */
function useSaved() {
  const queryClient = useQueryClient();
  return async (saved: Awaited<ReturnType<typeof createReception>>) => {
    await queryClient.invalidateQueries({ queryKey: resourceKey(routes.receptionList) });
    queryClient.setQueryData(receptionQueryOptions(saved.id).queryKey, saved);
  };
}

export function useCreateReception() {
  const onSuccess = useSaved();
  return useMutation({ mutationFn: createReception, onSuccess });
}

export function useUpdateReception() {
  const onSuccess = useSaved();
  return useMutation({ mutationFn: updateReception, onSuccess });
}

export const deleteReception = (id: string) => callRoute(routes.receptionDelete, { params: { id } });

export function useDeleteReception() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReception,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.receptionList) }),
  });
}
