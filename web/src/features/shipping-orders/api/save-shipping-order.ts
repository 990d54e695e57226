import { routes } from '@cellar/shared/routes/table';
import type { shippingOrderCreateSchema, shippingOrderUpdateSchema } from '@cellar/shared/shippingOrders/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey } from '../../../lib/route-key';
import { SHIPPING_ORDER_QUERY, shippingOrderQueryOptions } from './get-shipping-order';

export const createShippingOrder = (body: z.input<typeof shippingOrderCreateSchema>) =>
  callRoute(routes.shippingOrderCreate, {
    body,
    query: SHIPPING_ORDER_QUERY,
    messages: { success: i18n.t('shipping_orders.created') },
  });

export function useCreateShippingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShippingOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.shippingOrderList) }),
  });
}

/** The status modal's change, sent with the version it was read at (a change made meanwhile is a 409). */
export const updateShippingOrder = ({ id, body }: { id: string; body: z.input<typeof shippingOrderUpdateSchema> }) =>
  callRoute(routes.shippingOrderUpdate, {
    params: { id },
    body,
    query: SHIPPING_ORDER_QUERY,
    messages: { update: i18n.t('shipping_orders.status_updated') },
  });

export function useUpdateShippingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShippingOrder,
    onSuccess: async (saved) => {
      queryClient.setQueryData(shippingOrderQueryOptions(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: resourceKey(routes.shippingOrderList) });
    },
  });
}

/** Cancels a shipping order not picked up yet; a booked one's warehouse is told. */
export const cancelShippingOrder = (id: string) => callRoute(routes.shippingOrderDelete, { params: { id } });

export function useCancelShippingOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelShippingOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.shippingOrderList) }),
  });
}
