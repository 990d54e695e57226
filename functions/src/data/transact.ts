/**
 * DynamoDB transactions (TransactWriteItems) for the changes that touch several items at once: a document's change
 * and its effects on stock (stocks/ledger.ts). All the actions apply, or none; a condition that fails cancels the
 * whole and names, action by action in request order, which one failed.
 *
 * DynamoDB's limits, checked here before anything is sent (the local emulator checks them too, as AWS does):
 * at most 100 actions, at most one action per item, at most 4 MB in all.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../config/config';
import { documentClient } from './client';
import type { Item, Key } from './table';

export const TRANSACTION_MAX_ACTIONS = 100;
export const TRANSACTION_MAX_BYTES = 4 * 1024 * 1024;

type Names = Record<string, string>;
type Values = Record<string, unknown>;

/** One action of a transaction, on the table (the table's name is added when sent). */
export type TransactAction =
  | { put: Item & Key; condition?: string; names?: Names; values?: Values }
  | { update: Key; expression: string; condition?: string; names?: Names; values?: Values }
  | { delete: Key; condition?: string; names?: Names; values?: Values }
  | { check: Key; condition: string; names?: Names; values?: Values };

/**
 * A counter's move for a transaction, `n` at most `max` after it when it grows (a company's active API keys, its
 * webhook endpoints): racing transactions cannot pass the bound, the one that would is cancelled on this action.
 */
export const boundedCount = (key: Key, delta: 1 | -1, max: number): TransactAction => ({
  update: key,
  expression: 'ADD #n :d',
  condition: delta > 0 ? 'attribute_not_exists(#n) OR #n < :max' : undefined,
  names: { '#n': 'n' },
  values: delta > 0 ? { ':d': 1, ':max': max } : { ':d': -1 },
});

/** Why each action of a cancelled transaction failed, in the order they were sent (`None` for those that did not). */
export type CancellationCode = 'None' | 'ConditionalCheckFailed' | 'TransactionConflict' | string;

/** A transaction cancelled by a failed condition: `reasons[i]` is the outcome of action i. */
export class TransactionCancelledError extends Error {
  constructor(
    readonly reasons: readonly CancellationCode[],
    cause?: unknown,
  ) {
    super(`Transaction cancelled: ${reasons.join(', ')}`, { cause });
    this.name = 'TransactionCancelledError';
  }

  /** Whether action `i` is one whose condition failed. */
  failed(i: number) {
    return this.reasons[i] === 'ConditionalCheckFailed';
  }
}

const keyOf = (a: TransactAction): Key =>
  'put' in a ? { PK: a.put.PK, SK: a.put.SK } : 'update' in a ? a.update : 'delete' in a ? a.delete : a.check;

/** The actions' JSON size: a bound on the request DynamoDB measures against its 4 MB. */
export const actionBytes = (a: TransactAction) => Buffer.byteLength(JSON.stringify(a));

/** Refuses what DynamoDB would refuse, before sending: too many actions, two on one item, too large. */
export function assertTransactable(actions: readonly TransactAction[]) {
  if (actions.length === 0 || actions.length > TRANSACTION_MAX_ACTIONS) {
    throw new RangeError(`A transaction holds 1 to ${TRANSACTION_MAX_ACTIONS} actions, not ${actions.length}`);
  }
  const seen = new Set<string>();
  for (const a of actions) {
    const k = keyOf(a);
    const id = `${k.PK}\u0000${k.SK}`;
    if (seen.has(id)) throw new RangeError(`Two actions of one transaction on ${k.PK} ${k.SK}`);
    seen.add(id);
  }
  const bytes = actions.reduce((n, a) => n + actionBytes(a), 0);
  if (bytes > TRANSACTION_MAX_BYTES) throw new RangeError(`A transaction of ${bytes} bytes exceeds 4 MB`);
}

function toSdk(a: TransactAction): NonNullable<TransactWriteCommandInput['TransactItems']>[number] {
  const common = {
    TableName: config.tableName,
    ConditionExpression: a.condition,
    ExpressionAttributeNames: a.names && Object.keys(a.names).length ? a.names : undefined,
    ExpressionAttributeValues: a.values && Object.keys(a.values).length ? a.values : undefined,
  };
  if ('put' in a) return { Put: { ...common, Item: a.put } };
  if ('update' in a) return { Update: { ...common, Key: a.update, UpdateExpression: a.expression } };
  if ('delete' in a) return { Delete: { ...common, Key: a.delete } };
  return { ConditionCheck: { ...common, Key: a.check, ConditionExpression: a.condition } };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Applies the actions all or nothing. A transaction that meets another one in flight on the same items
 * (`TransactionConflict`) is sent again after a short random wait, with the same `token` (DynamoDB's
 * ClientRequestToken: a request repeated within 10 minutes is applied once); a failed condition is a
 * TransactionCancelledError with the reason of each action.
 */
export async function transactWrite(
  actions: readonly TransactAction[],
  token?: string,
  options: {
    /**
     * Called before each new try after a conflict: it may throw to give up (a change that finds, reading again, that
     * it can no longer apply answers at once instead of queueing behind the others).
     */
    beforeRetry?: () => Promise<void>;
  } = {},
): Promise<void> {
  assertTransactable(actions);
  const input: TransactWriteCommandInput = { TransactItems: actions.map(toSdk), ClientRequestToken: token };
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand(input));
      return;
    } catch (e) {
      const err = e as Error & { CancellationReasons?: { Code?: string }[] };
      const conflict =
        err.name === 'TransactionConflictException' ||
        err.name === 'TransactionInProgressException' ||
        (err.name === 'TransactionCanceledException' &&
          (err.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict') &&
          !(err.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'));
      if (conflict && attempt < 8) {
        await wait(Math.random() * Math.min(25 * 2 ** attempt, 1000));
        await options.beforeRetry?.();
        continue;
      }
      if (err.name === 'TransactionCanceledException') {
        throw new TransactionCancelledError(
          (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None'),
          e,
        );
      }
      throw e;
    }
  }
}
