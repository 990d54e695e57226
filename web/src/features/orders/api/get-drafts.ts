import { routes } from '@cellar/shared/routes/table';
import { callRoute } from '../../../lib/api-client';

const DRAFTS_QUERY = {
  filters: [{ field: 'statusCode', op: 'eq' as const, values: ['000'] }],
  include: ['stocks'],
  paginate: 1,
};

/** The caller's latest draft (spec 2 §7: the orders in 000 with their lines), for the new-or-continue modal. */
export async function latestDraft() {
  const page = await callRoute(routes.orderList, { query: DRAFTS_QUERY });
  return page.data[0] ?? null;
}
