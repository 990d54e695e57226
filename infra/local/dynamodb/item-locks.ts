/**
 * Isolation of the transactions. Every item a transaction reads or writes is locked with the per-item lock
 * dynalite's own PutItem, UpdateItem and DeleteItem take (`itemDb.lock`), so nothing else writes it in between.
 * A transaction takes its locks one after the other in one global order (table name, then dynalite's key string):
 * any two transactions wanting the same items ask for them in the same order, and a single-item write never
 * holds more than one, so no set of them can wait on each other in a circle.
 *
 * On top of the locks, the items of the transactions in flight are registered here, which lets the emulator
 * answer conflicts as DynamoDB does ('reject', the default) instead of making them wait ('wait'):
 * - a TransactWriteItems that meets another TransactWriteItems in flight on one of its items is cancelled
 *   (reason `TransactionConflict` on those actions);
 * - a PutItem, UpdateItem or DeleteItem on an item of a TransactWriteItems in flight fails with
 *   TransactionConflictException (checked by the server before dynalite sees it: transactions.ts);
 * - a TransactGetItems that meets a write in flight on one of its items (a transaction's or a single-item
 *   write's) is cancelled with `TransactionConflict`.
 * Everything else queues behind the locks: a TransactWriteItems waits for a single-item write or a
 * TransactGetItems in flight; two TransactGetItems on the same item read one after the other; GetItem, Query
 * and Scan take no lock and see an item before or after a transaction, never half of one (one atomic batch).
 */
import type { Releaser, Store, SubDb } from './internals';

export type ConflictMode = 'reject' | 'wait';

/** An item a transaction touches: its table and dynalite's key string for it (`db.createKey`). */
export interface Target {
  table: string;
  key: string;
}

const id = (t: Target) => `${t.table}\u0000${t.key}`;

export class ItemLocks {
  /** Items of the transactions in flight: how many write it (one at most in 'reject' mode) and how many read it. */
  private readonly held = new Map<string, { writers: number; readers: number }>();

  constructor(
    private readonly store: Store,
    readonly mode: ConflictMode,
  ) {}

  /** Whether a transaction in flight writes this item. */
  writtenByTransaction(t: Target): boolean {
    return (this.held.get(id(t))?.writers ?? 0) > 0;
  }

  /** Whether a single-item write must be checked against the transactions: in 'reject' mode, while one writes. */
  get checkSingleWrites(): boolean {
    if (this.mode !== 'reject') return false;
    for (const h of this.held.values()) if (h.writers > 0) return true;
    return false;
  }

  /**
   * Starts a transaction on its items. In 'reject' mode, when one of them conflicts with a write in flight, nothing
   * is taken and the answer says which (a write conflicts with another transaction's write; a read with any write,
   * a single-item write's included: an item locked that no transaction holds is being written by dynalite's
   * PutItem, UpdateItem or DeleteItem). Otherwise the items are registered as the transaction's at once (so that a
   * transaction arriving after sees them), then locked in the global order; `locked` resolves with the function
   * that unlocks them and forgets them.
   */
  begin(targets: Target[], access: 'read' | 'write'): { conflicts: boolean[] } | { locked: Promise<() => void> } {
    if (this.mode === 'reject') {
      const conflicts = targets.map((t) => {
        const h = this.held.get(id(t));
        if (h && h.writers > 0) return true;
        return access === 'read' && !h && this.itemDb(t.table).lock.isLocked(t.key);
      });
      if (conflicts.some(Boolean)) return { conflicts };
    }
    for (const t of targets) {
      const h = this.held.get(id(t)) ?? { writers: 0, readers: 0 };
      if (access === 'write') h.writers++;
      else h.readers++;
      this.held.set(id(t), h);
    }
    return { locked: this.lock(targets, access) };
  }

  private async lock(targets: Target[], access: 'read' | 'write'): Promise<() => void> {
    const ordered = [...targets].sort((a, b) => compare(a.table, b.table) || compare(a.key, b.key));
    const releases: Releaser[] = [];
    for (const t of ordered) {
      releases.push(await new Promise<Releaser>((resolve) => this.itemDb(t.table).lock(t.key, resolve)));
    }
    return () => {
      for (const release of releases) release()();
      for (const t of targets) {
        const h = this.held.get(id(t));
        if (!h) continue;
        if (access === 'write') h.writers--;
        else h.readers--;
        if (h.writers === 0 && h.readers === 0) this.held.delete(id(t));
      }
    };
  }

  /** The table's item database, whose lock dynalite's single-item writes take. */
  itemDb(table: string): SubDb {
    return this.store.getItemDb(table);
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
