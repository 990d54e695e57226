import type { Order } from '@cellar/shared/orders/schemas';
import { routes } from '@cellar/shared/routes/table';
import { callRoute } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { currentOrder } from '../utils/current-order';
import { orderQueryOptions } from './get-order';

/**
 * The user's latest draft (spec 2 §7: the orders in 000 with their lines), for the new-or-continue modal: its own
 * only, not a colleague's (the author is kept on the order, so the status index's rows are checked, no more read).
 */
export async function latestDraft(userId: string) {
  const query = {
    filters: [
      { field: 'statusCode', op: 'eq' as const, values: ['000'] },
      { field: 'createdBy.id', op: 'eq' as const, values: [userId] },
    ],
    include: ['stocks'],
    paginate: 1,
  };
  const page = await callRoute(routes.orderList, { query });
  return page.data[0] ?? null;
}

/**
 * The draft the new-order button offers to continue: the tab's current order while it is still this user's draft
 * (the one they worked on last, spec 1 §3), else their newest draft.
 */
export async function draftToContinue(userId: string): Promise<Order | null> {
  const id = currentOrder.get();
  if (id) {
    const kept = await queryClient.fetchQuery(orderQueryOptions(id)).catch(() => null);
    if (kept?.statusCode === '000' && kept.createdBy?.id === userId) return kept;
    currentOrder.clear();
  }
  return latestDraft(userId);
}
