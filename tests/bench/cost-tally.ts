/**
 * What DynamoDB bills, counted on the functions' own client as the code runs against the local emulator: write
 * request units (every item written, at 1 KB a unit, once in the table and once in each index holding it, as
 * on-demand tables bill; twice in a transaction) and read request units (4 KB a unit, halved for eventually
 * consistent reads). Shared by the cost and history benchmarks.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { documentClient } from '../../functions/src/data/client';
import { TABLE_DEFINITION } from '../../functions/src/data/table-definition';

const INDEX_KEYS = TABLE_DEFINITION.indexes.map((i) => i.partitionKey);

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

/** Units a write of this item bills: the table's, and one per index holding it (indexes project every attribute). */
const writeUnits = (item: Record<string, unknown>) =>
  Math.ceil(itemBytes(item) / 1024) * (1 + INDEX_KEYS.filter((k) => item[k] !== undefined).length);
const readUnits = (bytes: number, consistent?: boolean) => Math.max(1, Math.ceil(bytes / 4096)) / (consistent ? 1 : 2);

interface Tally {
  wru: number;
  rru: number;
  writes: number;
  bytes: number[];
}
export const tally: Tally = { wru: 0, rru: 0, writes: 0, bytes: [] };
export const reset = () => Object.assign(tally, { wru: 0, rru: 0, writes: 0, bytes: [] });

/** An item as stored, read by a client of its own (not counted): what an update or a delete billed for. */
async function stored(key: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  const plain = Object.values(stored_(key)).length ? unmarshall(stored_(key)) : key;
  const raw = await uncounted.send(new GetCommand({ TableName: TABLE, Key: plain, ConsistentRead: true }));
  return raw.Item;
}
let uncounted: ReturnType<typeof documentClient>;
let TABLE = 'cellar';

/** Counts a written item: its units (table and indexes; twice in a transaction, as DynamoDB bills it) and size. */
function wrote(item: Record<string, unknown> | undefined, transactional = false) {
  if (!item) return;
  tally.writes++;
  tally.wru += writeUnits(item) * (transactional ? 2 : 1);
  tally.bytes.push(itemBytes(item));
}

/** Counts what one command wrote or read, from its (marshalled) input and output. */
function count(name: string, input: Record<string, any>, output: Record<string, any>) {
  if (name === 'PutItemCommand') wrote(input.Item);
  else if (name === 'BatchWriteItemCommand') {
    for (const reqs of Object.values(input.RequestItems ?? {}) as any[][])
      for (const r of reqs) wrote(r.PutRequest?.Item ?? { ...r.DeleteRequest?.Key });
  } else if (name === 'GetItemCommand')
    tally.rru += readUnits(output?.Item ? itemBytes(output.Item) : 0, input.ConsistentRead);
  else if (name === 'BatchGetItemCommand') {
    for (const items of Object.values(output?.Responses ?? {}) as any[][])
      for (const i of items) tally.rru += readUnits(itemBytes(i));
  } else if (name === 'QueryCommand' || name === 'ScanCommand') {
    const bytes = (output?.Items ?? []).reduce((a: number, i: any) => a + itemBytes(i), 0);
    tally.rru += readUnits(bytes, input.ConsistentRead);
  }
}

/** Every command of the functions' client is counted once it has succeeded (a refused condition bills too). */
export async function instrument(table: string) {
  TABLE = table;
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  uncounted = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? '';
      const input = args.input as Record<string, any>;
      // A delete bills the item it removes, an update the item as it ends: read apart, uncounted.
      if (name === 'DeleteItemCommand') wrote(await stored(input.Key));
      const actions = (name === 'TransactWriteItemsCommand' ? input.TransactItems : []) as any[];
      const removed = await Promise.all(actions.map((a) => (a.Delete ? stored(a.Delete.Key) : undefined)));
      try {
        const out = await next(args);
        count(name, input, out.output as Record<string, any>);
        if (name === 'UpdateItemCommand') wrote(await stored(input.Key));
        for (const [i, a] of actions.entries()) {
          if (a.Put) wrote(a.Put.Item, true);
          else if (a.Update) wrote(await stored(a.Update.Key), true);
          else if (a.Delete) wrote(removed[i], true);
          else if (a.ConditionCheck) tally.rru += 2;
        }
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
