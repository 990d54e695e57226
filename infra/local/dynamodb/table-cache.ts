/**
 * The tables' descriptions kept parsed between the writes that change them. dynalite reads a table's description
 * from its LevelDB and parses its JSON on every item request: each GetItem, PutItem, UpdateItem, DeleteItem, Query
 * and Scan, and each key of a BatchGetItem or BatchWriteItem. Cellar's table, with its indexes, is a description of
 * about 9 KB: parsing it was the local DynamoDB's largest single cost (about a sixth of its thread's time in the
 * integration tests, more than reading the items themselves).
 *
 * Only the item operations' reads are answered from the cache (`getTable(name, cb)`, which also checks the table is
 * not being created or deleted): they read the description and never change it. The table operations (CreateTable,
 * UpdateTable, DeleteTable, DescribeTable, the index backfill of index-create.ts) read with `checkStatus` false and
 * get a copy of their own, as before, since they change it before writing it back. Any write of a description
 * (put, del) forgets what is cached, before it starts and again when it is done; a read that overlapped a write is
 * not cached (a generation count), so a description read just before a change cannot outlive it.
 */
import type { Store, TableDescription } from './internals';

type Callback = (err: Error | null, table?: TableDescription) => void;
type TableWrite = (name: string, ...rest: unknown[]) => void;

export function cacheTableDescriptions(store: Store): void {
  const tables = new Map<string, TableDescription>();
  let generation = 0;
  const forget = () => {
    generation += 1;
    tables.clear();
  };
  const tableDb = store.tableDb as unknown as Record<'put' | 'del', TableWrite>;
  for (const method of ['put', 'del'] as const) {
    const write = tableDb[method].bind(tableDb);
    tableDb[method] = (name, ...rest) => {
      forget();
      const cb = rest.at(-1);
      if (typeof cb !== 'function') throw new Error(`tableDb.${method} is called with a callback here`);
      write(name, ...rest.slice(0, -1), (...results: unknown[]) => {
        forget();
        cb(...results);
      });
    };
  }
  const getTable = store.getTable.bind(store);
  store.getTable = ((name: string, checkStatus: boolean | Callback, cb?: Callback) => {
    if (typeof checkStatus === 'function') return cachedTable(name, checkStatus);
    if (checkStatus) return cachedTable(name, cb as Callback);
    return getTable(name, false, cb as Callback);
  }) as Store['getTable'];

  function cachedTable(name: string, cb: Callback): void {
    const known = tables.get(name);
    if (known) {
      setImmediate(cb, null, known);
      return;
    }
    const started = generation;
    getTable(name, true, (err, table) => {
      if (!err && table && generation === started) tables.set(name, table);
      cb(err, table);
    });
  }
}
