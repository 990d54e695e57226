/**
 * Fewer calls into dynalite's LevelDB, each answered as before. Every item operation reads its item first (PutItem,
 * UpdateItem and DeleteItem the item they replace, for its indexes and its condition), then writes the item and
 * each index entry it changes, one LevelDB call each: an asynchronous job handed to libuv's thread pool and its
 * answer handed back. Those round trips were about half of the local DynamoDB thread's time when it writes
 * (seeding, imports, a batch of 25 items with Cellar's indexes: a few hundred calls).
 *
 * - `readSynchronously`: a point read asks LevelDB on the calling thread (`getSync`), from its memory and cache,
 *   which costs less than the round trip. A database without `getSync` (dynalite's in-memory store) keeps
 *   dynalite's asynchronous read.
 * - `combineWrites`: the puts and deletes asked in one turn of the event loop go to LevelDB as one batch, in the
 *   order asked (an item's index entries, the items of a BatchWriteItem answered side by side).
 *
 * What a caller sees is unchanged: each callback runs on a later turn (setImmediate, as dynalite's own wrapper calls
 * it) once its write is done or has failed, a close still waits for every write asked before it, a closed database
 * still answers dynalite's "Database is closed" (its wrapper's own check), and a read issued while a write is under way sees it or not, as an asynchronous read racing
 * it would. dynalite holds an item's lock from its read to its write, so one item's operations stay in order.
 */
import type { BatchOperation, Store } from './internals';

type Callback = (err: Error | null, value?: unknown) => void;

interface Level {
  status: string;
  supports?: { getSync?: boolean };
  getSync(key: string): unknown;
  get(key: string, cb?: Callback): unknown;
  put(key: string, value: unknown, cb?: Callback): unknown;
  del(key: string, cb?: Callback): unknown;
  batch(operations: BatchOperation[], cb?: (err?: Error | null) => void): unknown;
  close: ((...args: unknown[]) => unknown) & { _original?: unknown };
}

const level = (store: Store) => store.db as unknown as Level;

export function readSynchronously(store: Store): void {
  const db = level(store);
  if (!db.supports?.getSync) return;
  const get = db.get.bind(db);
  db.get = (key, cb) => {
    if (typeof cb !== 'function' || db.status !== 'open') return get(key, cb);
    let value: unknown;
    try {
      value = db.getSync(key);
    } catch (err) {
      setImmediate(cb, err as Error);
      return;
    }
    setImmediate(cb, null, value);
  };
}

export function combineWrites(store: Store): void {
  const db = level(store);
  const put = db.put.bind(db);
  const del = db.del.bind(db);
  const batch = db.batch.bind(db);
  let pending: { op: BatchOperation; cb: Callback }[] = [];
  const flush = () => {
    const writes = pending;
    pending = [];
    batch(
      writes.map((w) => w.op),
      (err) => {
        for (const w of writes) w.cb(err ?? null);
      },
    );
  };
  const ask = (op: BatchOperation, cb: Callback) => {
    pending.push({ op, cb });
    if (pending.length === 1) setImmediate(flush);
  };
  db.put = (key, value, cb) => (typeof cb === 'function' ? ask({ type: 'put', key, value }, cb) : put(key, value, cb));
  db.del = (key, cb) => (typeof cb === 'function' ? ask({ type: 'del', key }, cb) : del(key, cb));
  // A close waits for the writes under way (dynalite's graceful close): those asked this turn are sent first, so
  // that a stop loses none. dynalite's lifecycle reaches LevelDB's own close through `_original`, kept.
  const close = db.close;
  db.close = Object.assign(
    (...args: unknown[]) => {
      if (pending.length > 0) flush();
      return close.apply(db, args);
    },
    { _original: close._original },
  );
}
