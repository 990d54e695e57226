/**
 * ConsumedCapacity of the transactions, as DynamoDB bills them: every item is read or written twice (prepare, then
 * commit), so a transactional write costs two write units per KB and a transactional read two read units per 4 KB.
 * The table's figure is exactly double the one dynalite reports for the same single-item write (`addConsumedCapacity`
 * in dynalite/db/index.js: the larger of the item before and after, a delete of nothing costing one unit). Each
 * secondary index whose entry the write adds, changes or removes costs as much again for that entry's size, as
 * DynamoDB bills index writes (dynalite does not count them for single-item writes).
 */
import { canonical } from './client-tokens';
import { db, type IndexDescription, type Item, type TableDescription } from './internals';

interface TableUnits {
  read: number;
  write: number;
  indexes: Map<string, { kind: 'Global' | 'Local'; units: number }>;
}

export interface ConsumedCapacity {
  TableName: string;
  CapacityUnits: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  Table?: { CapacityUnits: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits: number; WriteCapacityUnits: number }>;
  LocalSecondaryIndexes?: Record<string, { CapacityUnits: number; WriteCapacityUnits: number }>;
}

/** Units of a single-item write of `after` over `before`, as dynalite counts them. */
export function singleWriteUnits(before: Item | undefined, after: Item | undefined): number {
  const units = db.capacityUnits(before, false, true);
  return after ? Math.max(units, db.capacityUnits(after, false, true)) : units;
}

/** Units of a strongly consistent read of the item (4 KB a unit, one for an item that is not there). */
export const consistentReadUnits = (item: Item | undefined) => db.capacityUnits(item, true, true);

/** An index entry's stored attributes (undefined ones, which dynalite keeps for INCLUDE, are not stored). */
const stored = (entry: Item) => Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) as Item;

export class Capacity {
  /** Per table, in the order the actions name them (DynamoDB orders the list as the request). */
  private readonly tables = new Map<string, TableUnits>();

  private of(table: string): TableUnits {
    let units = this.tables.get(table);
    if (!units) {
      units = { read: 0, write: 0, indexes: new Map() };
      this.tables.set(table, units);
    }
    return units;
  }

  read(table: string, units: number) {
    this.of(table).read += units;
  }

  /** A transactional write of `after` (undefined: a delete) over `before`. */
  write(table: TableDescription, before: Item | undefined, after: Item | undefined) {
    const units = this.of(table.TableName);
    units.write += 2 * singleWriteUnits(before, after);
    for (const kind of ['Global', 'Local'] as const) {
      for (const index of table[`${kind}SecondaryIndexes`] ?? []) {
        const entryUnits = indexWriteUnits(table, index, before, after);
        if (!entryUnits) continue;
        const current = units.indexes.get(index.IndexName) ?? { kind, units: 0 };
        current.units += 2 * entryUnits;
        units.indexes.set(index.IndexName, current);
      }
    }
  }

  /** The response's ConsumedCapacity list, or undefined when the request did not ask for it. */
  report(mode: unknown): ConsumedCapacity[] | undefined {
    if (mode !== 'TOTAL' && mode !== 'INDEXES') return undefined;
    return [...this.tables].map(([TableName, { read, write, indexes }]) => {
      const indexUnits = [...indexes.values()].reduce((sum, i) => sum + i.units, 0);
      const out: ConsumedCapacity = {
        TableName,
        CapacityUnits: read + write + indexUnits,
        ...(read ? { ReadCapacityUnits: read } : {}),
        ...(write + indexUnits ? { WriteCapacityUnits: write + indexUnits } : {}),
      };
      if (mode === 'INDEXES') {
        out.Table = {
          CapacityUnits: read + write,
          ...(read ? { ReadCapacityUnits: read } : {}),
          ...(write ? { WriteCapacityUnits: write } : {}),
        };
        for (const [name, { kind, units }] of indexes) {
          const member = kind === 'Global' ? 'GlobalSecondaryIndexes' : 'LocalSecondaryIndexes';
          out[member] = { ...out[member], [name]: { CapacityUnits: units, WriteCapacityUnits: units } };
        }
      }
      return out;
    });
  }
}

/** Units of the write of one index entry (0 when the item's entry is neither there nor changed). */
function indexWriteUnits(
  table: TableDescription,
  index: IndexDescription,
  before: Item | undefined,
  after: Item | undefined,
): number {
  const entry = (item: Item | undefined) => (item ? db.getIndexActions([index], null, item, table).puts[0] : undefined);
  const old = entry(before);
  const next = entry(after);
  if (!old && !next) return 0;
  if (old && next && old.key === next.key && canonical(stored(old.item)) === canonical(stored(next.item))) return 0;
  const size = (e: typeof old) => (e ? db.capacityUnits(stored(e.item), false, true) : 0);
  return Math.max(size(old), size(next));
}
