import { type Paged } from '@cellar/shared/schemas/common';
export type Item = Record<string, unknown>;
export type Key = {
  PK: string;
  SK: string;
};
/** Where a list reads from: a partition of the table or of an index, optionally narrowed by a sort-key prefix. */
export interface Source {
  index?: 'GSI1' | 'GSI2';
  pk: string;
  skPrefix?: string;
  /** Read the sort key descending. */
  desc?: boolean;
}
export declare function getItem<T = Item>(key: Key): Promise<T | undefined>;
/** Puts an item that must not exist yet; a clash becomes a 409 with the given field errors. */
export declare function putNew(item: Item & Key, clash?: Record<string, string[]>): Promise<void>;
/**
 * Replaces an item only if nobody changed it since it was read (optimistic locking on `version`).
 * @example await putVersioned({ ...item, name: 'x' }, item.version)
 */
export declare function putVersioned(item: Item & Key, expectedVersion: number): Promise<Item>;
export declare function putItem(item: Item & Key): Promise<void>;
export declare function deleteItem(key: Key): Promise<void>;
/** Writes many items, 25 at a time, retrying what DynamoDB leaves unprocessed. */
export declare function batchPut(items: Item[]): Promise<void>;
/** Adds to a counter item (creating it at 0). */
export declare function addToCounter(key: Key, delta: number): Promise<void>;
export declare function readCounter(key: Key): Promise<number>;
export declare function queryPage(
  source: Source,
  limit: number,
  startKey?: Item,
): Promise<{
  items: Item[];
  lastKey: Item | undefined;
}>;
/** Streams every item of a source, page by page. */
export declare function queryAll(source: Source, pageSize?: number): AsyncGenerator<Item>;
export interface ListRequest<T> {
  source: Source;
  page: number;
  perPage: number;
  map: (item: Item) => T;
  /** Keeps a mapped record; absent means every item of the source. */
  predicate?: (record: T) => boolean;
  /** Orders mapped records; absent means the source's own key order. */
  compare?: (a: T, b: T) => number;
  /** The exact number of records the predicate keeps, when known without reading (a counter). */
  total?: () => Promise<number>;
}
/**
 * One page of a list, reading no more than it must:
 * - key order with a known total: reads `page × perPage` items at most (keys only for the skipped part
 *   when nothing is filtered), so the first page costs the same for 1,000 or 100,000 records;
 * - any other sort, or filters without a known total: reads the source once, filters, sorts, slices.
 */
export declare function listPage<T>(req: ListRequest<T>): Promise<Paged<T>>;
/** Every record a list query selects (exports), in order. */
export declare function listAll<T>(req: Omit<ListRequest<T>, 'page' | 'perPage' | 'total'>): Promise<T[]>;
