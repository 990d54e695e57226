/**
 * TransactGetItems, as the DynamoDB API reference describes it: up to 100 Gets on distinct items of one or more
 * tables, read as one snapshot. The items are locked while they are read (item-locks.ts), so no write lands among
 * them; a write in flight on one of them cancels the read (`TransactionConflict`) in 'reject' mode, as in DynamoDB,
 * and is waited for in 'wait' mode. `Responses` has one entry per Get in request order: `{ Item }` projected by
 * the Get's ProjectionExpression, or `{}` for an item that is not there.
 */
import { Capacity, consistentReadUnits } from './capacity';
import { db, type Item, type ParsedRequest, type TableDescription } from './internals';
import {
  type Action,
  CONFLICT,
  cancelled,
  checkAction,
  checkDistinct,
  checkEmptyKeys,
  checkMembers,
  describeTables,
  GET_TYPES,
  NONE,
  readItem,
  schemaError,
} from './requests';
import type { TransactionContext } from './transact-write';

export async function transactGetItems(
  ctx: TransactionContext,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const data = checkMembers(body, GET_TYPES, ctx.store);
  const actions: Action[] = (data.TransactItems as Record<string, ParsedRequest>[]).map((entry) => ({
    kind: 'Get',
    request: entry.Get as Action['request'],
  }));
  for (const action of actions) checkAction(action, ctx.store);

  const tables = await describeTables(ctx.store, actions);
  const tableOf = (a: Action) => tables.get(a.request.TableName) as TableDescription;
  for (const action of actions) checkEmptyKeys(action, tableOf(action));
  const invalid = actions.map((a) => schemaError(a, tableOf(a)));
  if (invalid.some(Boolean)) {
    throw cancelled(invalid.map((message) => (message ? { Code: 'ValidationError', Message: message } : NONE)));
  }
  const targets = actions.map((a) => ({
    table: a.request.TableName,
    key: db.createKey(a.request.Key as Item, tableOf(a)),
  }));
  checkDistinct(targets.map((t) => `${t.table}\u0000${t.key}`));

  const started = ctx.locks.begin(targets, 'read');
  if ('conflicts' in started) throw cancelled(started.conflicts.map((c) => (c ? CONFLICT : NONE)));
  const release = await started.locked;
  let items: (Item | undefined)[];
  try {
    await ctx.onLocked?.('TransactGetItems', targets);
    items = await Promise.all(targets.map((t) => readItem(ctx.store, t.table, t.key)));
  } finally {
    release();
  }

  const capacity = new Capacity();
  const Responses = actions.map((action, i) => {
    const item = items[i];
    capacity.read(action.request.TableName, 2 * consistentReadUnits(item));
    if (!item) return {};
    const paths = action.request._projection?.paths;
    return { Item: paths ? db.mapPaths(paths, item) : item };
  });
  const consumed = capacity.report(data.ReturnConsumedCapacity);
  return consumed ? { Responses, ConsumedCapacity: consumed } : { Responses };
}
