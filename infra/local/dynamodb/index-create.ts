/**
 * UpdateTable creating or deleting a global secondary index (`GlobalSecondaryIndexUpdates: [{ Create }]` or
 * `[{ Delete }]`), which dynalite does not do (its UpdateTable changes throughput and billing only, and ignores a
 * Create or a Delete). Answered as the DynamoDB API reference describes it:
 *   - the answer is the table's description with the new index `CREATING`, `Backfilling: true`, and the table
 *     `UPDATING`; the table's items are then read and each one holding the index's key attributes (of the types
 *     their definitions say) gets its entry; the index and the table are then `ACTIVE` (DescribeTable says when);
 *   - one index created or deleted per request, and none while another is being created (LimitExceededException);
 *     the key attributes defined in the request's or the table's AttributeDefinitions; no ProvisionedThroughput on
 *     an on-demand table's index, one on a provisioned table's; an index name not taken; at most 20 global
 *     secondary indexes a table (the default quota); a table that is not ACTIVE cannot change (ResourceInUse);
 *   - a deleted index is DELETING, its entries removed, then gone from the description (an index being created is
 *     not deleted here: DynamoDB allows it while it backfills).
 * Unlike DynamoDB, a query of the index while it backfills is not refused, and a write racing the backfill may
 * leave its item's entry as it was before the write: the local runtime adds its indexes before it serves
 * (`ensureTable`, infra/local/emulators.ts, waits until the index is ACTIVE).
 */
import {
  type BatchOperation,
  db,
  type IndexDescription,
  type Item,
  indexPrefix,
  type Store,
  type TableDescription,
} from './internals';
import { dynamoError } from './requests';

/** DynamoDB's default quota of global secondary indexes a table. */
export const MAX_GLOBAL_INDEXES = 20;
/** Index entries written in one LevelDB batch while backfilling. */
const BACKFILL_BATCH = 500;

type Definition = TableDescription['AttributeDefinitions'][number];

interface CreateAction {
  IndexName?: unknown;
  KeySchema?: unknown;
  Projection?: { ProjectionType?: unknown; NonKeyAttributes?: unknown };
  ProvisionedThroughput?: unknown;
}

/** Whether an UpdateTable request creates or deletes an index (answered here rather than by dynalite). */
export const changesIndexes = (body: unknown): boolean =>
  Array.isArray((body as { GlobalSecondaryIndexUpdates?: unknown })?.GlobalSecondaryIndexUpdates) &&
  (body as { GlobalSecondaryIndexUpdates: unknown[] }).GlobalSecondaryIndexUpdates.some(
    (u) => !!u && typeof u === 'object' && ('Create' in u || 'Delete' in u),
  );

const invalid = (message: string) =>
  dynamoError('ValidationException', `One or more parameter values were invalid: ${message}`);

const tableOf = (store: Store, name: string) =>
  new Promise<TableDescription>((done, fail) =>
    store.getTable(name, false, (err, table) => (err || !table ? fail(err) : done(table))),
  );

const saveTable = (store: Store, table: TableDescription) =>
  new Promise<void>((done, fail) => store.tableDb.put(table.TableName, table, (err) => (err ? fail(err) : done())));

/** The table's description under dynalite's table lock, as its own UpdateTable changes it. */
function withTableLock<T>(store: Store, name: string, change: () => Promise<T>): Promise<T> {
  return new Promise<T>((done, fail) =>
    store.tableDb.lock(name, (release) => {
      change().then(
        (value) => release(() => done(value))(),
        (err) => release(() => fail(err))(),
      );
    }),
  );
}

/** The new index's description, checked against the request and the table as DynamoDB checks them. */
function newIndex(table: TableDescription, create: CreateAction, definitions: Definition[]): IndexDescription {
  const name = create.IndexName;
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_.-]{3,255}$/.test(name)) throw invalid('IndexName');
  const indexes = table.GlobalSecondaryIndexes ?? [];
  if (indexes.some((i) => i.IndexName === name) || table.LocalSecondaryIndexes?.some((i) => i.IndexName === name))
    throw dynamoError('ValidationException', 'Attempting to create an index which already exists');
  if (indexes.length + 1 > MAX_GLOBAL_INDEXES)
    throw invalid(`GlobalSecondaryIndex count exceeds the per-table limit of ${MAX_GLOBAL_INDEXES}`);
  const keySchema = create.KeySchema as IndexDescription['KeySchema'];
  const shapeOk =
    Array.isArray(keySchema) &&
    keySchema.length >= 1 &&
    keySchema.length <= 2 &&
    keySchema[0]?.KeyType === 'HASH' &&
    (keySchema.length === 1 || keySchema[1]?.KeyType === 'RANGE') &&
    keySchema.every((k) => typeof k?.AttributeName === 'string' && k.AttributeName.length > 0);
  if (!shapeOk) throw invalid(`Invalid KeySchema: the index ${name} needs a HASH key, then at most one RANGE key`);
  const missing = keySchema.map((k) => k.AttributeName).filter((a) => !definitions.some((d) => d.AttributeName === a));
  if (missing.length)
    throw invalid(
      `Some index key attributes are not defined in AttributeDefinitions. Keys: [${missing.join(', ')}], AttributeDefinitions: [${definitions.map((d) => d.AttributeName).join(', ')}]`,
    );
  const type = create.Projection?.ProjectionType;
  const nonKey = create.Projection?.NonKeyAttributes;
  if (type !== 'ALL' && type !== 'KEYS_ONLY' && type !== 'INCLUDE') throw invalid('Unknown ProjectionType');
  if (type === 'INCLUDE' && (!Array.isArray(nonKey) || !nonKey.length))
    throw invalid('NonKeyAttributes must be specified when ProjectionType is INCLUDE');
  if (type !== 'INCLUDE' && nonKey !== undefined)
    throw invalid(`ProjectionType is ${type}, but NonKeyAttributes is specified`);
  const onDemand = (table as { BillingModeSummary?: { BillingMode?: string } }).BillingModeSummary?.BillingMode;
  if (onDemand === 'PAY_PER_REQUEST' && create.ProvisionedThroughput !== undefined)
    throw invalid(
      `ProvisionedThroughput should not be specified for index: ${name} when BillingMode is PAY_PER_REQUEST`,
    );
  if (onDemand !== 'PAY_PER_REQUEST' && create.ProvisionedThroughput === undefined)
    throw invalid(`ProvisionedThroughput must be specified for index: ${name}`);
  return {
    IndexName: name,
    KeySchema: keySchema.map((k) => ({ AttributeName: k.AttributeName, KeyType: k.KeyType })),
    Projection:
      type === 'INCLUDE' ? { ProjectionType: type, NonKeyAttributes: nonKey as string[] } : { ProjectionType: type },
  };
}

const ONE_AT_A_TIME = () =>
  dynamoError(
    'LimitExceededException',
    'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table',
  );

/**
 * The UpdateTable request creating or deleting an index: checked, answered at once, the index backfilled (or its
 * entries removed) after the answer.
 */
export async function changeIndexes(
  store: Store,
  body: Record<string, unknown>,
  beforeBackfill: () => Promise<void> | undefined = () => undefined,
): Promise<Record<string, unknown>> {
  const name = body.TableName;
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_.-]{3,255}$/.test(name)) throw invalid('TableName');
  const updates = body.GlobalSecondaryIndexUpdates as {
    Create?: CreateAction;
    Delete?: { IndexName?: unknown };
    Update?: unknown;
  }[];
  if (updates.length !== 1) throw ONE_AT_A_TIME();
  const [update] = updates;
  if (update?.Delete) return deleteIndex(store, name, update.Delete.IndexName);
  const create = update?.Create as CreateAction;
  const requested = Array.isArray(body.AttributeDefinitions) ? (body.AttributeDefinitions as Definition[]) : [];
  const { table, index } = await withTableLock(store, name, async () => {
    const table = await tableOf(store, name);
    if (table.TableStatus !== 'ACTIVE')
      throw dynamoError(
        'ResourceInUseException',
        `Attempt to change a resource which is still in use: Table is being updated: ${name}`,
      );
    if ((table.GlobalSecondaryIndexes ?? []).some((i) => (i as { IndexStatus?: string }).IndexStatus !== 'ACTIVE'))
      throw ONE_AT_A_TIME();
    const known = table.AttributeDefinitions;
    const definitions = [...known, ...requested.filter((d) => !known.some((k) => k.AttributeName === d.AttributeName))];
    for (const d of requested) {
      const had = known.find((k) => k.AttributeName === d.AttributeName);
      if (had && had.AttributeType !== d.AttributeType)
        throw invalid(`Cannot change the type of attribute ${d.AttributeName} (it is ${had.AttributeType})`);
    }
    const index = newIndex(table, create, definitions);
    const arn = `${(table as { TableArn?: string }).TableArn ?? `table/${name}`}/index/${index.IndexName}`;
    Object.assign(index, {
      IndexStatus: 'CREATING',
      Backfilling: true,
      IndexSizeBytes: 0,
      ItemCount: 0,
      IndexArn: arn,
    });
    table.AttributeDefinitions = definitions;
    table.GlobalSecondaryIndexes = [...(table.GlobalSecondaryIndexes ?? []), index];
    table.TableStatus = 'UPDATING';
    await saveTable(store, table);
    return { table: structuredClone(table), index };
  });
  Promise.resolve(beforeBackfill())
    .then(() => backfill(store, name, index.IndexName))
    .catch((e) => console.error(`Backfilling ${index.IndexName} failed`, e));
  return { TableDescription: table };
}

/** Writes the index's entry of every item holding its keys, then makes the index and the table ACTIVE. */
async function backfill(store: Store, name: string, indexName: string): Promise<void> {
  const table = await tableOf(store, name);
  const index = table.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName) as IndexDescription;
  const types = new Map(table.AttributeDefinitions.map((d) => [d.AttributeName, d.AttributeType]));
  // An item whose key attribute holds another type than its definition is left out, as DynamoDB leaves it out.
  const fits = (item: Item) =>
    index.KeySchema.every((k) => item[k.AttributeName]?.[types.get(k.AttributeName) ?? ''] !== undefined);
  let batch: BatchOperation[] = [];
  const flush = async () => {
    const ops = batch;
    batch = [];
    await writeBatch(store, ops);
  };
  let count = 0;
  let bytes = 0;
  for await (const item of store.getItemDb(name).createValueStream() as AsyncIterable<Item>) {
    if (!fits(item)) continue;
    for (const put of db.getIndexActions([index], null, item, table).puts) {
      batch.push({ type: 'put', key: indexPrefix('Global', name, indexName) + put.key, value: put.item });
      count++;
      bytes += db.itemSize(put.item);
    }
    if (batch.length >= BACKFILL_BATCH) await flush();
  }
  await flush();
  await withTableLock(store, name, async () => {
    const now = await tableOf(store, name);
    const created = now.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName);
    if (!created) return;
    Object.assign(created, { IndexStatus: 'ACTIVE', Backfilling: false, ItemCount: count, IndexSizeBytes: bytes });
    now.TableStatus = 'ACTIVE';
    await saveTable(store, now);
  });
}

/**
 * Deletes an index: DELETING at once, then its entries removed, then gone from the table's description with the
 * attribute definitions no key uses any more (DynamoDB keeps only the keys' definitions).
 */
async function deleteIndex(store: Store, name: string, indexName: unknown): Promise<Record<string, unknown>> {
  const table = await withTableLock(store, name, async () => {
    const table = await tableOf(store, name);
    if (table.TableStatus !== 'ACTIVE')
      throw dynamoError(
        'ResourceInUseException',
        `Attempt to change a resource which is still in use: Table is being updated: ${name}`,
      );
    const index = table.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName);
    if (!index)
      throw dynamoError('ResourceNotFoundException', `Requested resource not found: Index: ${indexName} not found`);
    Object.assign(index, { IndexStatus: 'DELETING' });
    table.TableStatus = 'UPDATING';
    await saveTable(store, table);
    return structuredClone(table);
  });
  removeEntries(store, name, String(indexName)).catch((e) => console.error(`Deleting ${indexName} failed`, e));
  return { TableDescription: table };
}

async function removeEntries(store: Store, name: string, indexName: string): Promise<void> {
  const prefix = indexPrefix('Global', name, indexName);
  let batch: BatchOperation[] = [];
  for await (const key of store.db.createKeyStream({ gte: prefix, lt: `${prefix}\xff` }) as AsyncIterable<string>) {
    batch.push({ type: 'del', key });
    if (batch.length >= BACKFILL_BATCH) {
      await writeBatch(store, batch);
      batch = [];
    }
  }
  await writeBatch(store, batch);
  await withTableLock(store, name, async () => {
    const now = await tableOf(store, name);
    const rest = (now.GlobalSecondaryIndexes ?? []).filter((i) => i.IndexName !== indexName);
    const used = new Set(
      [now.KeySchema, ...rest.map((i) => i.KeySchema), ...(now.LocalSecondaryIndexes ?? []).map((i) => i.KeySchema)]
        .flat()
        .map((k) => k.AttributeName),
    );
    now.AttributeDefinitions = now.AttributeDefinitions.filter((d) => used.has(d.AttributeName));
    if (rest.length) now.GlobalSecondaryIndexes = rest;
    else delete now.GlobalSecondaryIndexes;
    now.TableStatus = 'ACTIVE';
    await saveTable(store, now);
  });
}

const writeBatch = (store: Store, ops: BatchOperation[]) =>
  ops.length
    ? new Promise<void>((done, fail) => store.db.batch(ops, (err) => (err ? fail(err) : done())))
    : Promise.resolve();
