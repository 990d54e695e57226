/**
 * Generic single-table operations and the paged list engine every resource uses.
 * No transactions (dynalite has none): uniqueness is a conditional put on a natural key, and
 * counters are single-item ADD updates.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import pLimit from 'p-limit';
import { config } from '../config/config';
import { type FieldMessages, ItemExistsError, StaleVersionError } from '../errors';
import { documentClient } from './client';
import { INDEX_PROJECTION, TABLE_DEFINITION } from './table-definition';

export type Item = Record<string, unknown>;

/** DynamoDB's failed condition: the data layer turns it into a domain error (or an answer) at once. */
export const isConditionFailed = (e: unknown): boolean =>
  e instanceof Error && e.name === 'ConditionalCheckFailedException';
export type Key = { PK: string; SK: string };

/** Where a list reads from: a partition of the table or of an index, optionally narrowed by a sort-key prefix. */
export interface Source {
  index?: IndexName;
  pk: string;
  skPrefix?: string;
  /** Sort keys within these bounds (inclusive), instead of a prefix. */
  skBetween?: readonly [string, string];
  /** Sort keys from this one on (inclusive). */
  skFrom?: string;
  /** Sort keys up to this one (inclusive). */
  skTo?: string;
  /** Read the sort key descending. */
  desc?: boolean;
}

export type IndexName = (typeof TABLE_DEFINITION.indexes)[number]['name'];
const KEY_NAMES = new Map<'table' | IndexName, readonly [string, string]>([
  ['table', [TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey]],
  ...TABLE_DEFINITION.indexes.map((i) => [i.name, [i.partitionKey, i.sortKey]] as const),
]);
const keyNames = (index: IndexName | undefined) => KEY_NAMES.get(index ?? 'table') as readonly [string, string];

export async function getItem<T = Item>(key: Key): Promise<T | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: config.tableName, Key: key }));
  return out.Item as T | undefined;
}

/** Puts an item that must not exist yet; a clash is an ItemExistsError carrying the given field messages. */
export async function putNew(item: Item & Key, clash?: FieldMessages): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new ItemExistsError(clash, e);
    throw e;
  }
}

/**
 * Replaces an item only if nobody changed it since it was read (optimistic locking on `version`).
 * @example await putVersioned({ ...item, name: 'x' }, item.version)
 */
export async function putVersioned(item: Item & Key, expectedVersion: number): Promise<Item> {
  const next = { ...item, version: expectedVersion + 1 };
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config.tableName,
        Item: next,
        ConditionExpression: 'attribute_exists(PK) AND #v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':v': expectedVersion },
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new StaleVersionError(undefined, e);
    throw e;
  }
  return next;
}

/**
 * Writes an item again as it is (its version kept) if nobody changed it since it was read at `version`: false when
 * someone did (a migration's rewrite then leaves the change, which wrote the item afresh).
 */
export async function rewriteAtVersion(item: Item & Key, version: unknown): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config.tableName,
        Item: item,
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':v': version },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** Reads many items by key, 100 at a time, in no particular order (`consistent`: as last written). */
export async function batchGet(keyList: Key[], consistent = false): Promise<Item[]> {
  const out: Item[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: Record<string, unknown>[] = keyList.slice(i, i + 100);
    for (let attempt = 0; pending.length; attempt++) {
      const res = await documentClient().send(
        new BatchGetCommand({
          RequestItems: { [config.tableName]: { Keys: pending, ConsistentRead: consistent || undefined } },
        }),
      );
      out.push(...((res.Responses?.[config.tableName] ?? []) as Item[]));
      pending = (res.UnprocessedKeys?.[config.tableName]?.Keys ?? []) as Record<string, unknown>[];
      if (pending.length) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
    }
  }
  return out;
}

/** Sums the `n` of the counter items of a partition within sort-key bounds (daily counters of a range). */
export async function sumCounters(pk: string, between: readonly [string, string]): Promise<number> {
  let total = 0;
  for await (const item of queryAll({ pk, skBetween: between })) total += Number(item.n ?? 0);
  return Math.max(0, total);
}

export async function putItem(item: Item & Key): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: config.tableName, Item: item }));
}

export async function deleteItem(key: Key): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: config.tableName, Key: key }));
}

/** Deletes an item if it is there: true when this call deleted it (a retried delete answers false). */
export async function deleteExisting(key: Key): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({ TableName: config.tableName, Key: key, ConditionExpression: 'attribute_exists(PK)' }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

/** Sends write requests 25 at a time (`concurrency` batches at once), retrying what DynamoDB leaves unprocessed. */
async function batchWrite(requests: WriteRequest[], concurrency = 1): Promise<void> {
  const send = async (batch: WriteRequest[]) => {
    let pending = batch;
    for (let attempt = 0; pending.length; attempt++) {
      const out = await documentClient().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: pending } }));
      pending = (out.UnprocessedItems?.[config.tableName] ?? []) as WriteRequest[];
      if (pending.length) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
    }
  };
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) batches.push(requests.slice(i, i + 25));
  if (concurrency <= 1) {
    for (const batch of batches) await send(batch);
    return;
  }
  const limit = pLimit(concurrency);
  await Promise.all(batches.map((batch) => limit(() => send(batch))));
}

/** Writes many items, 25 at a time (`concurrency` batches at once). */
export const batchPut = (items: Item[], concurrency?: number) =>
  batchWrite(
    items.map((Item) => ({ PutRequest: { Item } })),
    concurrency,
  );

/** Deletes many items by key, 25 at a time. */
export const batchDelete = (keyList: Key[]) => batchWrite(keyList.map((Key) => ({ DeleteRequest: { Key } })));

/**
 * Adds to a counter item (creating it at 0), setting descriptive attributes alongside. Each change stamps `at`, so
 * that a recount knows whether the counter moved while it was reading.
 */
export async function addToCounter(key: Key, delta: number, attributes: Record<string, unknown> = {}): Promise<number> {
  const names: Record<string, string> = { '#n': 'n', '#at': 'at' };
  const values: Record<string, unknown> = { ':d': delta, ':at': new Date().toISOString() };
  const sets = Object.entries(attributes).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    return `#a${i} = :a${i}`;
  });
  const { Attributes } = await documentClient().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: `ADD #n :d SET ${['#at = :at', ...sets].join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.n ?? 0);
}

/**
 * An update in DynamoDB's own expression language, for the few changes the generic operations do not name (a map
 * of counters, a single-use mark): true when applied, false when its condition failed.
 * @example await updateIf(key, { update: 'SET usedAt = :now', condition: 'attribute_not_exists(usedAt)', values: { ':now': 1 } })
 */
export async function updateIf(
  key: Key,
  change: { update: string; condition?: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<boolean> {
  return (await updateReturning(key, change)) !== undefined;
}

/** `updateIf` that answers the item as it is after the change, or undefined when the condition failed. */
export async function updateReturning<T = Item>(
  key: Key,
  change: { update: string; condition?: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<T | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: change.update,
        ConditionExpression: change.condition,
        ExpressionAttributeNames: change.names,
        ExpressionAttributeValues: Object.keys(change.values).length ? change.values : undefined,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as T;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

export async function readCounter(key: Key): Promise<number> {
  const item = await getItem<{ n?: number }>(key);
  return Math.max(0, item?.n ?? 0);
}

function queryInput(source: Source, limit?: number, startKey?: Item, keysOnly = false): QueryCommandInput {
  const [pkName, skName] = keyNames(source.index);
  const names: Record<string, string> = { '#pk': pkName };
  const values: Record<string, unknown> = { ':pk': source.pk };
  let condition = '#pk = :pk';
  if (source.skBetween) {
    names['#sk'] = skName;
    values[':lo'] = source.skBetween[0];
    values[':hi'] = source.skBetween[1];
    condition += ' AND #sk BETWEEN :lo AND :hi';
  } else if (source.skPrefix) {
    names['#sk'] = skName;
    values[':sk'] = source.skPrefix;
    condition += ' AND begins_with(#sk, :sk)';
  } else if (source.skFrom !== undefined) {
    names['#sk'] = skName;
    values[':lo'] = source.skFrom;
    condition += ' AND #sk >= :lo';
  } else if (source.skTo !== undefined) {
    names['#sk'] = skName;
    values[':hi'] = source.skTo;
    condition += ' AND #sk <= :hi';
  }
  const projected = keysOnly ? [...new Set([...keyNames(undefined), pkName, skName])] : undefined;
  if (projected) {
    for (const [i, k] of projected.entries()) names[`#k${i}`] = k;
  }
  return {
    TableName: config.tableName,
    IndexName: source.index,
    KeyConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: !source.desc,
    Limit: limit,
    ExclusiveStartKey: startKey,
    ProjectionExpression: projected?.map((_, i) => `#k${i}`).join(', '),
  };
}

/** Where a query of `source` resumes after `item` (its ExclusiveStartKey): the table's key and the index's. */
export function positionOf(source: Source, item: Item): Record<string, string> {
  const names = new Set([...keyNames(undefined), ...keyNames(source.index)]);
  return Object.fromEntries([...names].map((n) => [n, String(item[n] ?? '')]));
}

/** A position as a client's cursor carries it (base64url JSON): where a query of `source` resumes. */
export const cursorOf = (source: Source, item: Item) =>
  Buffer.from(JSON.stringify(positionOf(source, item))).toString('base64url');

/** The position a client's cursor names, if it is one of `source`'s (`isPositionIn`); null for any other. */
export function positionOfCursor(source: Source, cursor: string): Record<string, string> | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const strings = value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');
    return strings && isPositionIn(source, value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whether a position (from a client's cursor) is one of `source`'s: exactly its key attributes, in its partition and
 * within its sort-key bounds. Anything else is not resumed from, so a cursor reaches no other range.
 */
export function isPositionIn(source: Source, position: Record<string, string>): boolean {
  const [pkName, skName] = keyNames(source.index);
  const names = new Set([...keyNames(undefined), pkName, skName]);
  const given = Object.keys(position);
  if (given.length !== names.size || !given.every((n) => names.has(n))) return false;
  const sk = position[skName] ?? '';
  if (position[pkName] !== source.pk) return false;
  if (source.skBetween) return sk >= source.skBetween[0] && sk <= source.skBetween[1];
  if (source.skPrefix) return sk.startsWith(source.skPrefix);
  if (source.skFrom !== undefined) return sk >= source.skFrom;
  if (source.skTo !== undefined) return sk <= source.skTo;
  return true;
}

/** A range whose bounds cross (two filters that exclude each other) holds nothing, and DynamoDB refuses it. */
const isEmptyRange = (source: Source) => Boolean(source.skBetween && source.skBetween[0] > source.skBetween[1]);

/** Batches of an index page's items read from the table at once. */
const HYDRATION_BATCHES = 4;

/**
 * The items of an index page, read from the table (the indexes hold keys only: table-definition.ts), in the page's
 * order. An item deleted between the two reads is left out, as a later page read would not find it either.
 */
async function fromTable(keysRead: Item[]): Promise<Item[]> {
  if (keysRead.length === 0) return [];
  const [pk, sk] = keyNames(undefined);
  const limit = pLimit(HYDRATION_BATCHES);
  const batches: Key[][] = [];
  for (let i = 0; i < keysRead.length; i += 100) {
    batches.push(keysRead.slice(i, i + 100).map((k) => ({ PK: String(k[pk]), SK: String(k[sk]) })));
  }
  const found = new Map<string, Item>();
  await Promise.all(
    batches.map((b) =>
      limit(async () => {
        for (const item of await batchGet(b)) found.set(`${item[pk]}\u0000${item[sk]}`, item);
      }),
    ),
  );
  return keysRead.flatMap((k): Item[] => {
    const item = found.get(`${k[pk]}\u0000${k[sk]}`);
    return item ? [item] : [];
  });
}

export async function queryPage(source: Source, limit: number, startKey?: Item) {
  if (isEmptyRange(source)) return { items: [] as Item[], lastKey: undefined };
  const out = await documentClient().send(new QueryCommand(queryInput(source, limit, startKey)));
  const read = (out.Items ?? []) as Item[];
  const items = source.index && INDEX_PROJECTION === 'KEYS_ONLY' ? await fromTable(read) : read;
  return { items, lastKey: out.LastEvaluatedKey as Item | undefined };
}

/**
 * Every page of a source in turn, as DynamoDB answers them (up to `pageSize` items, 1 MB at most), the next page
 * asked as soon as one arrives: the caller works on a page while the next one is on its way (an export's writing
 * and its reading overlap), and holds two pages at most. From the item after `from` when given (a resumed export).
 * Without `ahead`, each page is asked only when the caller wants it.
 */
export async function* queryPages(source: Source, pageSize = 1000, from?: Item, ahead = true): AsyncGenerator<Item[]> {
  if (!ahead) {
    // Each page asked when the caller wants it: a list's page stops reading as soon as it is full.
    let startKey: Item | undefined = from;
    do {
      const page = await queryPage(source, pageSize, startKey);
      yield page.items;
      startKey = page.lastKey;
    } while (startKey);
    return;
  }
  const ask = (startKey?: Item) => {
    const page = queryPage(source, pageSize, startKey);
    // A caller that stops early never awaits the page read ahead: its failure is not an unhandled one.
    page.catch(() => undefined);
    return page;
  };
  let next: ReturnType<typeof queryPage> | undefined = ask(from);
  while (next) {
    const page: Awaited<ReturnType<typeof queryPage>> = await next;
    next = page.lastKey ? ask(page.lastKey) : undefined;
    yield page.items;
  }
}

/**
 * Streams every item of a source, page by page, from `startKey` on.
 * A page stops at DynamoDB's 1 MB whatever its `Limit`: the next one follows on.
 */
export async function* queryAll(source: Source, pageSize = 1000, from?: Item): AsyncGenerator<Item> {
  for await (const items of queryPages(source, pageSize, from, false)) yield* items;
}

/** Streams the keys of a source's items (the table's and the index's), page by page: a range's keys cost little. */
export async function* queryKeys(source: Source, pageSize = 1000): AsyncGenerator<Item> {
  if (isEmptyRange(source)) return;
  let startKey: Item | undefined;
  do {
    const out = await documentClient().send(new QueryCommand(queryInput(source, pageSize, startKey, true)));
    yield* (out.Items ?? []) as Item[];
    startKey = out.LastEvaluatedKey as Item | undefined;
  } while (startKey);
}

/** Up to `n` items of a source from `startKey` on, over as many pages as DynamoDB's 1 MB cap takes. */
export async function readItems(source: Source, n: number, startKey?: Item): Promise<Item[]> {
  const out: Item[] = [];
  if (n <= 0) return out;
  for await (const item of queryAll(source, n, startKey)) {
    out.push(item);
    if (out.length === n) break;
  }
  return out;
}

/**
 * Up to `n` of a source's items counted by DynamoDB from the item after `from` (`Select: COUNT`: no item read
 * back, an index's rows not read from the table), and the key to go on from after them (none once the source ends).
 */
async function countKeys(source: Source, n: number, from?: Item): Promise<{ count: number; next?: Item }> {
  if (isEmptyRange(source)) return { count: 0 };
  let next: Item | undefined = from;
  let count = 0;
  while (count < n) {
    const input = { ...queryInput(source, Math.min(n - count, 1000), next), Select: 'COUNT' as const };
    const out = await documentClient().send(new QueryCommand(input));
    count += out.Count ?? 0;
    next = out.LastEvaluatedKey as Item | undefined;
    if (!next) return { count };
  }
  return { count, next };
}

/** How many of a source's items follow `from`, up to `n`, and whether any lie beyond those. */
export async function countOn(source: Source, n: number, from: Item): Promise<{ count: number; more: boolean }> {
  const { count, next } = await countKeys(source, n, from);
  return { count, more: next !== undefined };
}

/** The key after the first `n` items, counted, not read. */
export const readKeysAfter = async (source: Source, n: number): Promise<Item | undefined> =>
  (await countKeys(source, n)).next;
