/**
 * TransactWriteItems, as the DynamoDB API reference describes it: up to 100 Put, Update, Delete and ConditionCheck
 * actions on distinct items of one or more tables, applied all or nothing. In order:
 * 1. the request is refused (ValidationException) for what it says alone: members and their constraints, an action
 *    naming no operation or several, expressions that do not parse, a Put item over 400 KB, more than 4 MB in all;
 * 2. a ClientRequestToken seen within 10 minutes answers from what it did (client-tokens.ts);
 * 3. a table that does not exist is a ResourceNotFoundException, an empty key value a ValidationException, a key
 *    or item that does not fit its table cancels the transaction (reason `ValidationError`), two actions on one item
 *    are a ValidationException;
 * 4. the items are locked (item-locks.ts), read, and every action is evaluated: a failed condition cancels the
 *    transaction with `ConditionalCheckFailed` (and the item, with ReturnValuesOnConditionCheckFailure ALL_OLD), an
 *    update that cannot apply or grows its item over 400 KB with `ValidationError`. Every action gets its reason, in
 *    request order (`None` for those that would have succeeded);
 * 5. the items and their index entries are written as ONE LevelDB batch, which LevelDB applies atomically: a process
 *    killed during the write leaves all of the transaction on disk or none of it.
 */

import { Capacity, consistentReadUnits } from './capacity';
import { type ClientTokens, fingerprint } from './client-tokens';
import {
  type BatchOperation,
  db,
  type Item,
  indexPrefix,
  itemPrefix,
  type ParsedRequest,
  type Store,
  type TableDescription,
} from './internals';
import type { ItemLocks, Target } from './item-locks';
import {
  type Action,
  type CancellationReason,
  CONFLICT,
  cancelled,
  checkAction,
  checkDistinct,
  checkEmptyKeys,
  checkMembers,
  describeTables,
  dynamoError,
  keyOf,
  MAX_TRANSACTION_BYTES,
  NONE,
  readItem,
  schemaError,
  WRITE_TYPES,
} from './requests';
import { applyUpdateExpression, deepClone } from './update-expression';

export interface TransactionContext {
  store: Store;
  locks: ItemLocks;
  tokens: ClientTokens;
  /** Called with a transaction's items once they are locked, before they are read (tests hold a transaction here). */
  onLocked?: (operation: 'TransactWriteItems' | 'TransactGetItems', targets: Target[]) => Promise<void> | void;
}

const WRITE_KINDS = ['ConditionCheck', 'Put', 'Delete', 'Update'] as const;

export async function transactWriteItems(
  ctx: TransactionContext,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const data = checkMembers(body, WRITE_TYPES, ctx.store);
  const requestFingerprint = fingerprint(data);
  const entries = data.TransactItems as Record<string, ParsedRequest>[];
  const actions: Action[] = entries.map((entry) => {
    const kinds = WRITE_KINDS.filter((kind) => entry[kind] != null);
    if (kinds.length !== 1) {
      throw db.validationError('TransactItems can only contain one of Check, Put, Update or Delete');
    }
    const kind = kinds[0] as Action['kind'];
    return { kind, request: entry[kind] as Action['request'] };
  });
  for (const action of actions) checkAction(action, ctx.store);
  const requestBytes = actions.reduce((sum, a) => sum + db.itemSize(keyOf(a)), 0);
  if (requestBytes > MAX_TRANSACTION_BYTES) throw tooLarge();

  const token = data.ClientRequestToken as string | undefined;
  if (token === undefined) return apply(ctx, actions, data.ReturnConsumedCapacity);
  const verdict = ctx.tokens.check(token, requestFingerprint);
  if (verdict === 'in-progress') {
    throw dynamoError(
      'TransactionInProgressException',
      'The transaction with the given request token is already in progress.',
    );
  }
  if (verdict === 'mismatch') {
    throw dynamoError(
      'IdempotentParameterMismatchException',
      'The request uses the same client token as a previous, but non-identical request.',
    );
  }
  if (verdict === 'replay') return replay(ctx, actions, data.ReturnConsumedCapacity);
  ctx.tokens.start(token);
  let applied = false;
  try {
    const result = await apply(ctx, actions, data.ReturnConsumedCapacity);
    applied = true;
    return result;
  } finally {
    ctx.tokens.finish(token, requestFingerprint, applied);
  }
}

const tooLarge = () => db.validationError('Transaction request cannot be larger than 4 MB');

/** Tables described, keys checked and made: step 3 of the header, shared by a first run and a replay. */
async function resolve(ctx: TransactionContext, actions: Action[]) {
  const tables = await describeTables(ctx.store, actions);
  const tableOf = (a: Action) => tables.get(a.request.TableName) as TableDescription;
  for (const action of actions) checkEmptyKeys(action, tableOf(action));
  const invalid = actions.map((a) => schemaError(a, tableOf(a)));
  if (invalid.some(Boolean)) {
    throw cancelled(invalid.map((message) => (message ? { Code: 'ValidationError', Message: message } : NONE)));
  }
  const targets = actions.map((a) => ({ table: a.request.TableName, key: db.createKey(keyOf(a), tableOf(a)) }));
  checkDistinct(targets.map((t) => `${t.table}\u0000${t.key}`));
  return { tableOf, targets };
}

async function apply(ctx: TransactionContext, actions: Action[], returnCapacity: unknown) {
  const { tableOf, targets } = await resolve(ctx, actions);
  const started = ctx.locks.begin(targets, 'write');
  if ('conflicts' in started) throw cancelled(started.conflicts.map((c) => (c ? CONFLICT : NONE)));
  const release = await started.locked;
  try {
    await ctx.onLocked?.('TransactWriteItems', targets);
    const before = await Promise.all(targets.map((t) => readItem(ctx.store, t.table, t.key)));
    const after: (Item | undefined)[] = [];
    const reasons = actions.map((action, i): CancellationReason => {
      const existing = before[i];
      const failed = db.checkConditional(action.request, existing);
      if (failed) {
        const withItem = action.request.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && existing;
        return {
          Code: 'ConditionalCheckFailed',
          Message: 'The conditional request failed',
          ...(withItem ? { Item: existing } : {}),
        };
      }
      if (action.kind === 'Put') after[i] = action.request.Item;
      if (action.kind === 'Update') {
        const item = deepClone(existing ?? (action.request.Key as Item));
        const err = applyUpdateExpression(action.request._updates?.sections ?? [], tableOf(action), item);
        if (err) return { Code: 'ValidationError', Message: String(err.body.message) };
        if (db.itemSize(item) > ctx.store.options.maxItemSize) {
          return { Code: 'ValidationError', Message: 'Item size to update has exceeded the maximum allowed size' };
        }
        after[i] = item;
      }
      return NONE;
    });
    if (reasons.some((r) => r !== NONE)) throw cancelled(reasons);

    const capacity = new Capacity();
    const batch: BatchOperation[] = [];
    let writtenBytes = 0;
    actions.forEach((action, i) => {
      const table = tableOf(action);
      const { key } = targets[i] as Target;
      if (action.kind === 'ConditionCheck') {
        capacity.read(table.TableName, 2 * consistentReadUnits(before[i]));
        return;
      }
      const item = after[i];
      writtenBytes += item ? db.itemSize(item) : 0;
      capacity.write(table, before[i], item);
      batch.push(...writeOperations(table, key, before[i], item));
    });
    if (writtenBytes > MAX_TRANSACTION_BYTES) throw tooLarge();
    await new Promise<void>((done, fail) => ctx.store.db.batch(batch, (err) => (err ? fail(err) : done())));
    const consumed = capacity.report(returnCapacity);
    return consumed ? { ConsumedCapacity: consumed } : {};
  } finally {
    release();
  }
}

/**
 * The batch operations that write `after` (undefined: delete) over `before` and keep the table's indexes right:
 * the same entries dynalite's `updateIndexes` puts and deletes one by one, as operations of the transaction's batch.
 */
function writeOperations(table: TableDescription, key: string, before: Item | undefined, after: Item | undefined) {
  const name = table.TableName;
  const ops: BatchOperation[] = [];
  for (const kind of ['Local', 'Global'] as const) {
    const { puts, deletes } = db.getIndexActions(table[`${kind}SecondaryIndexes`] ?? [], before, after, table);
    for (const d of deletes) ops.push({ type: 'del', key: indexPrefix(kind, name, d.index) + d.key });
    for (const p of puts) ops.push({ type: 'put', key: indexPrefix(kind, name, p.index) + p.key, value: p.item });
  }
  ops.push(
    after ? { type: 'put', key: itemPrefix(name) + key, value: after } : { type: 'del', key: itemPrefix(name) + key },
  );
  return ops;
}

/**
 * The same request again with its token: nothing is written. With ReturnConsumedCapacity, DynamoDB answers the read
 * units of reading the items instead of the write units of the first call.
 */
async function replay(ctx: TransactionContext, actions: Action[], returnCapacity: unknown) {
  if (returnCapacity !== 'TOTAL' && returnCapacity !== 'INDEXES') return {};
  const { targets } = await resolve(ctx, actions);
  const capacity = new Capacity();
  for (const t of targets) capacity.read(t.table, consistentReadUnits(await readItem(ctx.store, t.table, t.key)));
  return { ConsumedCapacity: capacity.report(returnCapacity) };
}
