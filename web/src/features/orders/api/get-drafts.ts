import { routes } from '@cellar/shared/routes/table';
import { callRoute } from '../../../lib/api-client';

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
