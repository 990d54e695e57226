import type { orderCreateSchema, orderUpdateSchema } from '@cellar/shared/orders/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { type CallMessages, callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey, routeKey } from '../../../lib/route-key';
import { saveBlob } from '../../../lib/save-file';
import { ORDER_DETAIL_QUERY, orderQueryOptions } from './get-order';

/** The status page's change (statusCode alone), and the wizard's save and send (which word their own outcome). */
export const updateOrder = ({
  id,
  body,
  messages,
}: {
  id: string;
  body: z.input<typeof orderUpdateSchema>;
  messages?: CallMessages;
}) => callRoute(routes.orderUpdate, { params: { id }, body, query: ORDER_DETAIL_QUERY, messages });

export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: async (saved) => {
      queryClient.setQueryData(orderQueryOptions(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: resourceKey(routes.orderList) });
    },
  });
}

/**
 * A client's cancellation (orderRules.cancellation): at once before the warehouse starts preparing, else a request
 * the warehouse confirms or refuses. Answers the order.
 */
export const cancelOrder = (id: string) => callRoute(routes.orderCancel, { params: { id }, query: ORDER_DETAIL_QUERY });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (saved) => {
      queryClient.setQueryData(orderQueryOptions(saved.id).queryKey, saved);
      // The list, the order's timeline and whatever else reads orders.
      await queryClient.invalidateQueries({ queryKey: resourceKey(routes.orderList) });
    },
  });
}

export const deleteOrder = (id: string) => callRoute(routes.orderDelete, { params: { id } });

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.orderList) }),
  });
}

/** The chosen transmitting (005) orders, republished to the warehouse (canSendTransmittingOrder). */
export const resendTransmittingOrders = (ids: string[]) =>
  callRoute(routes.orderSendTransmitting, {
    body: { orders: ids.map((id) => ({ id })) },
    messages: { success: i18n.t('order.send-transmitting-orders.success') },
  });

export function useResendTransmitting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendTransmittingOrders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.orderList) }),
  });
}

/** The recipients' countries of the caller's orders: the country filter's choices. */
export const useOrderCountries = () =>
  useQuery({
    queryKey: routeKey(routes.orderCountries),
    queryFn: () => callRoute(routes.orderCountries),
    staleTime: 60_000,
  });

/**
 * The order document (spec 2 §7: answered in base64), saved as a PDF named after the order reference. The JSON
 * variant goes through the API client like every call (token, language, error notices).
 */
export async function downloadOrderPdf(id: string, errorMessage?: string) {
  const { filename, contentType, content } = await callRoute(routes.orderPdf, {
    params: { id },
    query: { params: { output: 'json' } },
    messages: { error: errorMessage },
  });
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: contentType }), filename);
}

/** The wizard's first save (a draft) or a send; the key makes a repeated POST answer the order it created. */
export const createOrder = ({
  body,
  idempotencyKey,
  messages,
}: {
  body: z.input<typeof orderCreateSchema>;
  idempotencyKey: string;
  messages?: CallMessages;
}) =>
  callRoute(routes.orderCreate, {
    body,
    query: ORDER_DETAIL_QUERY,
    headers: { 'Idempotency-Key': idempotencyKey },
    messages,
  });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: async (saved) => {
      queryClient.setQueryData(orderQueryOptions(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: resourceKey(routes.orderList) });
    },
  });
}
