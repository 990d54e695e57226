/**
 * The webhook routes (shared/src/webhooks/routes.ts) as the page calls them: the endpoints of a company (or of
 * every company, for the provider's staff without a filter), their changes, and an endpoint's delivery log, read
 * page by page and read again every 10 s while a delivery waits for its next try.
 */
import { routes } from '@cellar/shared/routes/table';
import type { WebhookDelivery, WebhookUpdate, webhookCreateSchema } from '@cellar/shared/webhooks/schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { resourceKey, routeKey } from '../../../lib/route-key';

/** While a delivery of the log is pending, the log is read again this often. */
export const PENDING_REFRESH_MS = 10_000;

const listQuery = (companyId: string | null) => (companyId ? { params: { companyId } } : undefined);

export const useWebhooks = (companyId: string | null) =>
  useQuery({
    queryKey: routeKey(routes.webhookList, undefined, listQuery(companyId)),
    queryFn: () => callRoute(routes.webhookList, { query: listQuery(companyId), quiet: true }),
  });

/**
 * After any change, every list and log of the resource is read again. An answer holding a secret is not kept in
 * the mutation cache once its screen is gone (`forget`).
 */
function useWebhookMutation<A, R>(call: (args: A) => Promise<R>, forget = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKey(routes.webhookList) }),
    ...(forget ? { gcTime: 0 } : {}),
  });
}

/** Registers an endpoint: the answer holds its secret, shown once. */
export const useCreateWebhook = () =>
  useWebhookMutation(
    (body: z.input<typeof webhookCreateSchema>) =>
      callRoute(routes.webhookCreate, { body, messages: { error: i18n.t('webhooks.create_error') } }),
    true,
  );

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, body, message }: { id: string; body: WebhookUpdate; message?: string }) =>
    callRoute(routes.webhookUpdate, {
      params: { id },
      body,
      messages: { update: message ?? i18n.t('webhooks.updated'), error: i18n.t('webhooks.update_error') },
    }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) =>
    callRoute(routes.webhookDelete, { params: { id }, messages: { success: i18n.t('webhooks.deleted') } }),
  );

/** A new secret: the answer holds it, shown once; the previous one keeps signing for a day. */
export const useRotateWebhook = () =>
  useWebhookMutation((id: string) => callRoute(routes.webhookRotate, { params: { id } }), true);

export const useReplayDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    callRoute(routes.webhookReplay, {
      params: { id, deliveryId },
      messages: { success: i18n.t('webhooks.log.replayed') },
    }),
  );

const anyPending = (pages: { data: WebhookDelivery[] }[] | undefined) =>
  (pages ?? []).some((p) => p.data.some((d) => d.status === 'pending'));

/** An endpoint's deliveries, newest first, 50 a page ("more" reads the next). */
export const useDeliveries = (id: string | null) =>
  useInfiniteQuery({
    queryKey: routeKey(routes.webhookDeliveries, { id: id ?? '' }),
    queryFn: ({ pageParam, signal }) =>
      callRoute(routes.webhookDeliveries, {
        params: { id: id ?? '' },
        query: pageParam ? { cursor: pageParam } : undefined,
        signal,
        quiet: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: id !== null,
    refetchInterval: (query) => (anyPending(query.state.data?.pages) ? PENDING_REFRESH_MS : false),
  });
