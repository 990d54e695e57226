/**
 * What DynamoDB bills, counted on the functions' own client as the code runs against the local emulator: write
 * request units (every item written, at 1 KB a unit, in the table, and in each index whose key of it changed, as
 * on-demand tables bill indexes that hold keys only) and read request units (4 KB a unit, halved for eventually
 * consistent reads). A transaction bills its items twice in the table (a prepare and a commit); its changes reach
 * the indexes afterwards, propagated from the committed items as any write's are ("Amazon DynamoDB Transactions:
 * How it works": "after a transaction completes, its changes begin propagating to global secondary indexes"), so
 * an index entry bills once. Shared by the cost and history benchmarks.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient } from '../../functions/src/data/client';
import { INDEX_PROJECTION, TABLE_DEFINITION } from '../../functions/src/data/table-definition';

/** DynamoDB's size of a stored value (the rules its billing uses). */
export function valueBytes(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S);
  if (v.N !== undefined) return Math.ceil(v.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (v.B !== undefined) return v.B.byteLength;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((a, s) => a + Buffer.byteLength(s), 0);
  if (v.NS) return v.NS.reduce((a, n) => a + Math.ceil(n.length / 2) + 1, 0);
  if (v.L) return 3 + v.L.reduce((a, x) => a + valueBytes(x) + 1, 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((a, [k, x]) => a + Buffer.byteLength(k) + valueBytes(x) + 1, 0);
  return 1;
}
const TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M']);
/** An item as DynamoDB stores it, whether the command holds it marshalled or as the document client's object. */
function stored_(item: Record<string, unknown>): Record<string, AttributeValue> {
  const marshalled = Object.values(item).every((v) => {
    const keys = v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [];
    return keys.length === 1 && TYPES.has(keys[0] as string);
  });
  return marshalled
    ? (item as Record<string, AttributeValue>)
    : marshall(item, { removeUndefinedValues: true, convertClassInstanceToMap: true });
}
export const itemBytes = (raw: Record<string, unknown>) =>
  Object.entries(stored_(raw)).reduce((a, [k, v]) => a + Buffer.byteLength(k) + valueBytes(v), 0);

/** An index's key of an item (its two attributes as stored), undefined when the item is not in that index. */
function indexKey(item: Record<string, unknown> | undefined, index: (typeof TABLE_DEFINITION.indexes)[number]) {
  if (!item) return undefined;
  const s = stored_(item);
  const pk = s[index.partitionKey];
  const sk = s[index.sortKey];
  return pk && sk ? JSON.stringify([pk, sk]) : undefined;
}

/**
 * Units a write bills, from the item before and after it: the table's (the larger of the two, 1 KB a unit), then
 * each index's. The indexes hold keys only (INDEX_PROJECTION): an index bills nothing when its key of the item is
 * unchanged, one unit for an entry put or deleted, two when the entry moves (a delete and a put). Were they to
 * project every attribute, an unchanged key would bill the item again.
 */
function writeUnits(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): { table: number; indexes: number; moved: string[] } {
  const size = Math.max(before ? itemBytes(before) : 0, after ? itemBytes(after) : 0);
  const table = Math.max(1, Math.ceil(size / 1024));
  let indexes = 0;
  const moved: string[] = [];
  for (const index of TABLE_DEFINITION.indexes) {
    const was = indexKey(before, index);
    const now = indexKey(after, index);
    if (was === now) indexes += was && INDEX_PROJECTION !== 'KEYS_ONLY' ? table : 0;
    else {
      indexes += (was ? 1 : 0) + (now ? 1 : 0);
      moved.push(index.name);
    }
  }
  return { table, indexes, moved };
}
const readUnits = (bytes: number, consistent?: boolean) => Math.max(1, Math.ceil(bytes / 4096)) / (consistent ? 1 : 2);

/** One kind of item's writes: their units in the table and in the indexes, their size, the indexes they moved in. */
export interface KindTally {
  writes: number;
  wru: number;
  table: number;
  indexes: number;
  bytes: number;
  moved: Record<string, number>;
}
/** Adds one kind's figures into a breakdown. */
export function addKind(into: Record<string, KindTally>, kind: string, k: KindTally) {
  const to = into[kind] ?? { writes: 0, wru: 0, table: 0, indexes: 0, bytes: 0, moved: {} };
  to.writes += k.writes;
  to.wru += k.wru;
  to.table += k.table;
  to.indexes += k.indexes;
  to.bytes += k.bytes;
  for (const [m, n] of Object.entries(k.moved)) to.moved[m] = (to.moved[m] ?? 0) + n;
  into[kind] = to;
}
interface Tally {
  wru: number;
  rru: number;
  writes: number;
  bytes: number[];
  /** Write units by kind of item (the first segment of its sort key, or its partition key's). */
  byKind: Record<string, KindTally>;
}
export const tally: Tally = { wru: 0, rru: 0, writes: 0, bytes: [], byKind: {} };
export const reset = () => Object.assign(tally, { wru: 0, rru: 0, writes: 0, bytes: [], byKind: {} });

/** The kind of an item, for the breakdown: its entity (stock, order, searchWord…), else its partition key's head. */
function kindOf(item: Record<string, unknown>): string {
  const s = stored_(item);
  return s.entity?.S ?? (s.PK?.S ?? '').split('#')[0] ?? '?';
}

/** An item as stored, read by a client of its own (not counted): what an update or a delete billed for. */
async function stored(key: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  const plain = Object.values(stored_(key)).length ? unmarshall(stored_(key)) : key;
  const raw = await uncounted.send(new GetCommand({ TableName: TABLE, Key: plain, ConsistentRead: true }));
  return raw.Item;
}
let uncounted: ReturnType<typeof documentClient>;
let TABLE = 'cellar';

/**
 * Counts a write: its units (table and indexes, from the item before and after; the table's twice in a transaction)
 * and the size of what it leaves.
 */
function wrote(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  transactional = false,
) {
  if (!before && !after) return;
  tally.writes++;
  const units = writeUnits(before, after);
  const times = transactional ? 2 : 1;
  tally.wru += units.table * times + units.indexes;
  const kind = kindOf((after ?? before) as Record<string, unknown>);
  addKind(tally.byKind, kind, {
    writes: 1,
    wru: units.table * times + units.indexes,
    table: units.table * times,
    indexes: units.indexes,
    bytes: itemBytes((after ?? before) as Record<string, unknown>),
    moved: Object.fromEntries(units.moved.map((m) => [m, 1])),
  });
  tally.bytes.push(itemBytes((after ?? before) as Record<string, unknown>));
}

/** The key of an item as the command gives it. */
const keyOfItem = (item: Record<string, any>) => ({ PK: item.PK, SK: item.SK });

/** Counts what one command wrote or read, from its (marshalled) input and output. */
function count(name: string, input: Record<string, any>, output: Record<string, any>) {
  if (name === 'GetItemCommand')
    tally.rru += readUnits(output?.Item ? itemBytes(output.Item) : 0, input.ConsistentRead);
  else if (name === 'BatchGetItemCommand') {
    for (const items of Object.values(output?.Responses ?? {}) as any[][])
      for (const i of items) tally.rru += readUnits(itemBytes(i));
  } else if (name === 'QueryCommand' || name === 'ScanCommand') {
    const bytes = (output?.Items ?? []).reduce((a: number, i: any) => a + itemBytes(i), 0);
    tally.rru += readUnits(bytes, input.ConsistentRead);
  }
}

/** Whether commands are counted: off, the client runs as it would without the tally (nothing read around writes). */
let counting = true;
export const setCounting = (on: boolean) => {
  counting = on;
};

/** Every command of the functions' client is counted once it has succeeded (a refused condition bills too). */
export async function instrument(table: string) {
  TABLE = table;
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  uncounted = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (!counting) return next(args);
      const name = context.commandName ?? '';
      const input = args.input as Record<string, any>;
      // What each write changes, read apart before and after it (uncounted): a write bills the larger of the two
      // images, and each index whose key of the item moved.
      const writes: { key: Record<string, any>; put?: Record<string, any>; transactional: boolean }[] = [];
      if (name === 'PutItemCommand') writes.push({ key: keyOfItem(input.Item), put: input.Item, transactional: false });
      if (name === 'UpdateItemCommand' || name === 'DeleteItemCommand')
        writes.push({ key: input.Key, transactional: false });
      if (name === 'BatchWriteItemCommand') {
        for (const reqs of Object.values(input.RequestItems ?? {}) as any[][])
          for (const r of reqs)
            writes.push(
              r.PutRequest
                ? { key: keyOfItem(r.PutRequest.Item), put: r.PutRequest.Item, transactional: false }
                : { key: r.DeleteRequest.Key, transactional: false },
            );
      }
      const actions = (name === 'TransactWriteItemsCommand' ? input.TransactItems : []) as any[];
      for (const a of actions) {
        if (a.Put) writes.push({ key: keyOfItem(a.Put.Item), put: a.Put.Item, transactional: true });
        else if (a.Update) writes.push({ key: a.Update.Key, transactional: true });
        else if (a.Delete) writes.push({ key: a.Delete.Key, transactional: true });
      }
      const before = await Promise.all(writes.map((w) => stored(w.key)));
      try {
        const out = await next(args);
        count(name, input, out.output as Record<string, any>);
        for (const [i, w] of writes.entries()) {
          const after = w.put ?? (await stored(w.key));
          wrote(before[i], after, w.transactional);
        }
        tally.rru += 2 * actions.filter((a) => a.ConditionCheck).length;
        return out;
      } catch (e) {
        const failed = (e as { name?: string }).name;
        if (failed === 'ConditionalCheckFailedException') tally.wru += 1;
        // A cancelled transaction bills each of its items as a transactional read.
        if (failed === 'TransactionCanceledException') tally.rru += 2 * actions.length;
        throw e;
      }
    },
    { step: 'initialize', name: 'costTally' },
  );
}

/** The stored size of an item read with the document client (undefined: 0). */
export const itemBytesOf = (item: Record<string, unknown> | undefined) => (item ? itemBytes(item) : 0);
