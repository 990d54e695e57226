/**
 * dynalite's own pieces (plain CommonJS, no types), reached with `require` so that the transactions use exactly what
 * its single-item operations use: its request validations and expression parsers, its key and item checks, its
 * condition evaluation, its index bookkeeping and its per-item locks. Typed here as far as the transactions need.
 */

import type { Server } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A DynamoDB attribute value as dynalite holds it (`{ S: 'x' }`, `{ M: { … } }`): untyped JSON that the code copied
 * from dynalite walks and rewrites in place.
 */
// biome-ignore lint/suspicious/noExplicitAny: dynalite's attribute values are untyped JSON, walked as dynalite does
export type AttributeValue = Record<string, any>;
export type Item = Record<string, AttributeValue>;

export interface KeySchemaElement {
  AttributeName: string;
  KeyType: 'HASH' | 'RANGE';
}

export interface IndexDescription {
  IndexName: string;
  KeySchema: KeySchemaElement[];
  Projection: { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] };
}

export interface TableDescription {
  TableName: string;
  TableStatus: string;
  KeySchema: KeySchemaElement[];
  AttributeDefinitions: { AttributeName: string; AttributeType: 'S' | 'N' | 'B' }[];
  GlobalSecondaryIndexes?: IndexDescription[];
  LocalSecondaryIndexes?: IndexDescription[];
}

/** An error dynalite answers as it is: HTTP status and JSON body (`__type`, `message`). */
export interface ServiceError extends Error {
  statusCode: number;
  body: Record<string, unknown>;
}

export const isServiceError = (e: unknown): e is ServiceError =>
  e instanceof Error && typeof (e as Partial<ServiceError>).statusCode === 'number';

/** A releaser from the `lock` package: `release(done)` returns a function that unlocks, then calls `done`. */
export type Releaser = (done?: () => void) => () => void;

/** The `lock` package's per-sub-database lock, the one dynalite's PutItem, UpdateItem and DeleteItem take. */
export interface ItemLock {
  (key: string, exec: (release: Releaser) => void): void;
  isLocked(key: string): boolean;
}

export interface SubDb {
  get(key: string, cb: (err: (Error & { code?: string }) | null, value?: Item) => void): void;
  lock: ItemLock;
  /** Every value of the sub-database, in key order (a Node stream of objects). */
  createValueStream(): NodeJS.ReadableStream;
}

export interface BatchOperation {
  type: 'put' | 'del';
  key: string;
  value?: unknown;
}

/** What `db.create(options)` returns: one LevelDB (`db`) under prefixed sub-databases. */
export interface Store {
  options: { maxItemSize: number };
  db: {
    batch(operations: BatchOperation[], cb: (err?: Error | null) => void): void;
    /** The keys of a range, in order (a Node stream of strings). */
    createKeyStream(range: { gte: string; lt: string }): NodeJS.ReadableStream;
  };
  getItemDb(tableName: string): SubDb;
  /** The tables' descriptions by name, locked by name while one changes (dynalite's UpdateTable does so). */
  tableDb: {
    lock: ItemLock;
    put(name: string, table: TableDescription, cb: (err?: Error | null) => void): void;
    del(name: string, cb: (err?: Error | null) => void): void;
  };
  getTable(name: string, checkStatus: boolean, cb: (err: Error | null, table?: TableDescription) => void): void;
}

/** A request after dynalite's expression parsers: the parsed forms sit beside the expressions they came from. */
export interface ParsedRequest {
  [member: string]: unknown;
  _condition?: unknown;
  _updates?: { sections: UpdateSection[]; paths: unknown[]; nestedPaths: Record<string, boolean> };
  _projection?: { paths: unknown[]; nestedPaths: Record<string, boolean> };
}

export interface UpdateSection {
  type: 'set' | 'remove' | 'add' | 'delete';
  path: (string | number)[];
  val: AttributeValue;
  attrType?: string;
}

interface IndexActions {
  puts: { index: string; key: string; item: Item }[];
  deletes: { index: string; key: string }[];
}

export interface DbModule {
  create(options: Record<string, unknown>): Store;
  validateItem(item: Item, table: TableDescription): ServiceError | undefined | null;
  validateKey(key: Item, table: TableDescription): ServiceError | undefined | null;
  validateUpdates(
    attributeUpdates: undefined,
    expressionUpdates: ParsedRequest['_updates'],
    table: TableDescription,
  ): ServiceError | undefined | null;
  validateKeyPaths(nestedPaths: Record<string, boolean> | undefined, table: TableDescription): ServiceError | undefined;
  createKey(item: Item, table: TableDescription): string;
  checkConditional(request: ParsedRequest, existing: Item | undefined): ServiceError | undefined | null;
  itemSize(item: Item): number;
  capacityUnits(item: Item | null | undefined, isRead: boolean, isConsistent: boolean): number;
  getIndexActions(
    indexes: IndexDescription[],
    existing: Item | null | undefined,
    item: Item | null | undefined,
    table: TableDescription,
  ): IndexActions;
  traverseIndexes(
    table: TableDescription,
    visit: (attr: string, type: string, index: IndexDescription) => ServiceError | undefined,
  ): ServiceError | undefined;
  mapPath(path: (string | number)[], item: Item): AttributeValue | undefined;
  mapPaths(paths: unknown[], item: Item): Item;
  validationError(message: string): ServiceError;
}

export interface ValidationsModule {
  checkTypes(data: unknown, types: Record<string, unknown>): Record<string, unknown>;
  checkValidations(
    data: Record<string, unknown>,
    types: Record<string, unknown>,
    custom: undefined,
    store: Store,
  ): void;
  validateAttributeValue(value: AttributeValue): string | undefined;
  validateExpressionParams(data: ParsedRequest, expressions: string[], nonExpressions: string[]): string | undefined;
  validateExpressions(data: ParsedRequest): string | undefined;
}

export type DynaliteOptions = {
  path?: string;
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
  maxItemSizeKb?: number;
};

export const db = require('dynalite/db') as DbModule;
export const validations = require('dynalite/validations') as ValidationsModule;
export const dynalite = require('dynalite') as (options?: DynaliteOptions) => Server;

/** big.js, dynalite's decimal arithmetic (its own dependency, so required from where dynalite resolves it). */
interface BigNumber {
  plus(n: string): BigNumber;
  minus(n: string): BigNumber;
  toFixed(): string;
}
export const Big = createRequire(require.resolve('dynalite'))('big.js') as new (n: string) => BigNumber;

/**
 * Where dynalite keeps a table's items and an index's entries in its one LevelDB: sub-databases are key prefixes
 * (`createPrefixedDbWrapper` in dynalite/db/index.js, named by `getItemDb` and `getIndexDb`). Writing through the
 * main database with these prefixes puts items of several tables and their index entries in one atomic batch.
 */
export const itemPrefix = (table: string) => `item-${table}~`;
export const indexPrefix = (kind: 'Local' | 'Global', table: string, index: string) =>
  `index-${kind.toLowerCase()}~${table}~${index}~`;
