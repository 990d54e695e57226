/**
 * The one document kernel: a document's change (an order sent, edited, shipped, cancelled; a reception announced,
 * received, closed; deleted) and its effects on stock, applied all or nothing, exactly once.
 *
 *   change ── read its stock lines ── one short? ── yes: nothing written, the shortages answered
 *                                          └─ no: ONE TransactWriteItems:
 *                                               the document           IF version = read   (a race: one wins, a 409)
 *                                               each stock line        IF version = read   (moved meanwhile: read again)
 *                                               the movements          put / delete
 *                                          then, outside it: the products' summaries (ADD Δ), the counters
 *
 * A change of more effects than one transaction holds (STEP_EFFECTS) is applied in steps whose progress lives on
 * the document (`transition`: its effects and how many are done), never on the shared items: each step's
 * transaction moves `done` under the condition that it still has the value read, so a step applies once whoever
 * runs it (the request, a re-read, the sweep). A step that finds a line short (another change took it between
 * the check and the step) records the undo of the steps done, which is applied the same way.
 * A pending multi-step change is listed under PENDING#LEDGER until done, for the sweep (`sweep.ts`) to finish.
 *
 * What follows a transaction outside it (the products' summaries, the counters, the search words of movements) is
 * derived from what the transaction wrote and repaired by the recount when a crash comes between the two; nothing
 * on a stock line or a product grows with the documents touching it.
 */
import { clock } from '@cellar/shared/common/clock';
import { availableQuantity, isSellable } from '@cellar/shared/stocks/schemas';
import * as z from 'zod';
import { applyCounterMove, type CounterKey, counterMoves, type Entity, type Staged } from '../data/entity';
import { keys } from '../data/keys';
import {
  batchDelete,
  batchGet,
  batchPut,
  deleteItem,
  type Item,
  type Key,
  putVersioned,
  updateIf,
} from '../data/table';
import { type TransactAction, TransactionCancelledError, transactWrite } from '../data/transact';
import { StaleVersionError } from '../errors';
import { type MovementItem, movementRecords } from '../stockMovements/repository';
import type { StockDelta } from './effects';
import { type StockItem, stockRecords, storedStockCounters, summaryKey } from './repository';

/** Effects per transaction: each takes a stock line and a movement at most (2 × 30 + the document and its own). */
export const STEP_EFFECTS = 30;

const deltaSchema = z.object({
  quantity: z.number(),
  quantity_on_arriving: z.number(),
  quantity_receive_in_progress: z.number(),
  quantity_allocated: z.number().optional(),
});

/** A movement an effect writes (entering the moving status) or takes back (leaving it): its id and date. */
const movementPlanSchema = z.object({
  op: z.enum(['write', 'takeBack']),
  id: z.string(),
  at: z.string(),
  quantity: z.number(),
});

/** One stock line's change by a document's change. */
export const ledgerEffectSchema = z.object({
  stockId: z.string(),
  productCode: z.string(),
  delta: deltaSchema,
  /** Whether it may leave less than nothing available (an undo putting back what it released). */
  shortageAllowed: z.boolean(),
  movement: movementPlanSchema.nullable(),
});
export type LedgerEffect = z.infer<typeof ledgerEffectSchema>;

/**
 * A change being applied in steps, recorded on its document: the effects in order, how many are done, the status
 * it goes to ('deleted': the document goes with the last step), and what the document becomes if it is undone.
 */
export const transitionSchema = <S extends z.ZodType, L extends z.ZodType>(status: S, line: L) =>
  z.object({
    seq: z.number().int(),
    at: z.string(),
    effects: z.array(ledgerEffectSchema),
    done: z.number().int(),
    to: z.union([status, z.literal('deleted')]),
    undo: z.boolean(),
    restore: z.object({ statusCode: status, lines: z.array(line) }),
  });

export interface Transition<S extends string = string, L = unknown> {
  seq: number;
  at: string;
  effects: LedgerEffect[];
  done: number;
  to: S | 'deleted';
  undo: boolean;
  restore: { statusCode: S; lines: L[] };
}

/** What a document needs of the kernel. */
export interface LedgerDoc {
  id: string;
  ownerId: string;
  statusCode: string;
  lines: unknown[];
  seq: number;
  version: number;
  transition: Transition | null;
}

/** What each kind of document tells the kernel. */
export interface DocumentKind<D extends LedgerDoc> {
  /** `order`, `reception`: the pending list's name. */
  name: string;
  entity: Entity<D>;
  /** The movement an effect writes, from the document as it stands after the change and the stock line. */
  movement(doc: D, effect: LedgerEffect, stock: StockItem): Promise<MovementItem>;
}

/** A line a change could not take: what it needs and what is left. */
export interface LedgerShortage {
  stockId: string;
  productCode: string;
  needed: number;
  available: number;
}

export interface Settled<D> {
  /** The document as it now stands (undefined once deleted). */
  doc: D | undefined;
  /** Lines that could not be taken: the change was not applied (or was undone). */
  shortages: LedgerShortage[];
}

/** Lets a test make steps small and stop after some of them, as a crash would. */
export interface LedgerHooks {
  stepEffects?: number;
  afterStep?: (applied: number) => void | Promise<void>;
}

/** The partition listing the documents whose change is being applied in steps (the sweep reads it). */
export const PENDING_LEDGER = 'PENDING#LEDGER';

const pendingKey = (kind: string, d: { ownerId: string; id: string }): Key => ({
  PK: PENDING_LEDGER,
  SK: `${kind}#${d.ownerId}#${d.id}`,
});

/** The effects taking back `effects` (in reverse order): deltas negated, movements written ↔ taken back. */
export const inverse = (effects: readonly LedgerEffect[]): LedgerEffect[] =>
  [...effects].reverse().map((e) => ({
    ...e,
    delta: {
      quantity: -e.delta.quantity,
      quantity_on_arriving: -e.delta.quantity_on_arriving,
      quantity_receive_in_progress: -e.delta.quantity_receive_in_progress,
      quantity_allocated: -(e.delta.quantity_allocated ?? 0),
    },
    shortageAllowed: true,
    movement: e.movement && { ...e.movement, op: e.movement.op === 'write' ? 'takeBack' : 'write' },
  }));

const applyDelta = (s: StockItem, d: StockDelta): StockItem => ({
  ...s,
  quantity: s.quantity + d.quantity,
  quantity_allocated: s.quantity_allocated + (d.quantity_allocated ?? 0),
  quantity_on_arriving: s.quantity_on_arriving + d.quantity_on_arriving,
  quantity_receive_in_progress: s.quantity_receive_in_progress + d.quantity_receive_in_progress,
  version: s.version + 1,
});

const sellableOf = (s: StockItem) => (isSellable(s) ? availableQuantity(s) : 0);
const takesAvailable = (d: StockDelta) => d.quantity - (d.quantity_allocated ?? 0) < 0;
const isNone = (e: LedgerEffect) =>
  e.movement === null &&
  e.delta.quantity === 0 &&
  e.delta.quantity_on_arriving === 0 &&
  e.delta.quantity_receive_in_progress === 0 &&
  (e.delta.quantity_allocated ?? 0) === 0;

/** The stock lines of some effects as they are (`lines`), and as stored, keys included (`stored`). */
async function readLines(
  ownerId: string,
  effects: readonly LedgerEffect[],
): Promise<{ lines: Map<string, StockItem>; stored: Map<string, Item> }> {
  const found = await batchGet(
    effects.map((e) => keys.stock(ownerId, e.productCode, e.stockId)),
    true,
  );
  const lines = new Map<string, StockItem>();
  const stored = new Map<string, Item>();
  for (const item of found) {
    const s = stockRecords.parse(item);
    lines.set(s.id, s);
    stored.set(s.id, item);
  }
  for (const e of effects) if (!lines.has(e.stockId)) throw new Error(`Stock line ${e.stockId} is gone`);
  return { lines, stored };
}

/**
 * An effect that only takes some of a line's available quantity for a document (an allocation): the one many
 * documents make at once on a popular lot. When the line moved since it was read, it is applied as an atomic
 * update under a condition on what is left (`quantity` unchanged, `quantity_allocated` at most what leaves nothing
 * negative), so that concurrent allocations each apply once without reading the line again.
 */
const isAllocation = (e: LedgerEffect) =>
  e.movement === null &&
  !e.shortageAllowed &&
  e.delta.quantity === 0 &&
  e.delta.quantity_on_arriving === 0 &&
  e.delta.quantity_receive_in_progress === 0 &&
  (e.delta.quantity_allocated ?? 0) > 0;

/** The attributes a line derives from its figures: its index and list-sort keys. */
const DERIVED = /^(GSI\d+|LS\d+)(PK|SK)$/;
const sameDerived = (stored: Item, wanted: Item) =>
  [...new Set([...Object.keys(stored), ...Object.keys(wanted)])]
    .filter((k) => DERIVED.test(k))
    .every((k) => stored[k] === wanted[k]);

/** Lines whose derived keys an atomic allocation left behind, listed for the sweep until refreshed. */
const refreshKey = (ownerId: string, docId: string, n: string): Key => ({
  PK: PENDING_LEDGER,
  SK: `refresh#${ownerId}#${docId}#${n}`,
});

/**
 * Brings a line's derived keys (sellable index entry, list-sort keys) and its sellable counters in step with its
 * figures, once: the rewrite is conditioned on the version read and moves it, so two refreshes of one change, or a
 * refresh racing another change, apply once (the loser reads again and finds nothing to do).
 */
export async function refreshLine(key: Key): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const [raw] = await batchGet([key], true);
    if (!raw) return;
    const s = stockRecords.parse(raw);
    if (sameDerived(raw, stockRecords.item(s))) return;
    let next: StockItem;
    try {
      // One item: a conditional put (a transaction of one would bill it twice).
      next = stockRecords.parse(await putVersioned(stockRecords.item(s), s.version));
    } catch (e) {
      if (e instanceof StaleVersionError) continue;
      throw e;
    }
    const moves = counterMoves(storedStockCounters(raw, s), stockRecords.counters?.(next) ?? []);
    await Promise.all(moves.map(applyCounterMove));
    return;
  }
  throw new Error(`Stock line ${key.SK} keeps moving`);
}

/** Refreshes the lines a pending refresh lists, then forgets it (the sweep, after a crash before the request did). */
export async function refreshPending(pending: Item): Promise<void> {
  for (const key of (pending.lines ?? []) as Key[]) await refreshLine(key);
  await deleteItem({ PK: String(pending.PK), SK: String(pending.SK) });
}

/** The lines `effects` would leave with less than nothing available. */
function shortagesOf(effects: readonly LedgerEffect[], lines: Map<string, StockItem>): LedgerShortage[] {
  const out: LedgerShortage[] = [];
  for (const e of effects) {
    const s = lines.get(e.stockId) as StockItem;
    if (e.shortageAllowed || !takesAvailable(e.delta)) continue;
    const after = applyDelta(s, e.delta);
    if (after.quantity - after.quantity_allocated < 0) {
      out.push({
        stockId: e.stockId,
        productCode: e.productCode,
        needed: (e.delta.quantity_allocated ?? 0) - e.delta.quantity,
        available: Math.max(0, s.quantity - s.quantity_allocated),
      });
    }
  }
  return out;
}

/**
 * The update of a product's stock summary by the net change of some of its lines (undefined when it leaves the
 * summary as it was: what is on its way or being received is not in it). The summary is derived from the lines, as
 * the counters are, and follows the transaction outside it: a product shared by every lot of a wine then takes no
 * part in the transactions of its lots (concurrent documents on different lots of one product do not conflict on
 * it, and a transaction bills no product twice); a process dying between the two leaves a summary the recount
 * repairs (`products/summary-recount.ts`). The version moves too: a product edit read before this write must not
 * put the old summary back.
 */
function summaryUpdate(sum: { quantity: number; sellable: Map<string, number> }) {
  if (sum.quantity === 0 && [...sum.sellable.values()].every((n) => n === 0)) return undefined;
  const names: Record<string, string> = { '#s': 'stock', '#q': 'quantity', '#v': 'version' };
  const values: Record<string, unknown> = { ':zero': 0, ':one': 1, ':q': sum.quantity };
  const sets = ['#s.#q = if_not_exists(#s.#q, :zero) + :q', '#v = #v + :one'];
  [...sum.sellable.entries()]
    .filter(([, n]) => n !== 0)
    .forEach(([k, n], i) => {
      names['#sel'] = 'sellable';
      names[`#k${i}`] = k;
      values[`:a${i}`] = n;
      sets.push(`#s.#sel.#k${i} = if_not_exists(#s.#sel.#k${i}, :zero) + :a${i}`);
    });
  // The marks an earlier version kept on the product go with its first change.
  return { update: `SET ${sets.join(', ')} REMOVE effects`, condition: 'attribute_exists(PK)', names, values };
}

/** The writes of some effects on stock, and what follows the transaction. */
interface StockWrites {
  actions: TransactAction[];
  /** Index in `actions` → the stock line it writes (a failed condition there: the line moved, read again). */
  lineAt: Map<number, string>;
  after(): Promise<void>;
}

async function stockWrites<D extends LedgerDoc>(
  kind: DocumentKind<D>,
  doc: D,
  effects: readonly LedgerEffect[],
  read: { lines: Map<string, StockItem>; stored: Map<string, Item> },
  offset: number,
  atomic: ReadonlySet<string>,
): Promise<StockWrites> {
  const { lines, stored } = read;
  const actions: TransactAction[] = [];
  const lineAt = new Map<number, string>();
  const counters: { was: CounterKey[]; now: CounterKey[] } = { was: [], now: [] };
  const summaries = new Map<string, { quantity: number; sellable: Map<string, number> }>();
  const written: MovementItem[] = [];
  const takenBack: MovementItem[] = [];
  const refresh: Key[] = [];
  for (const e of effects) {
    if (isNone(e)) continue;
    const s = lines.get(e.stockId) as StockItem;
    const next = applyDelta(s, e.delta);
    lineAt.set(offset + actions.length, e.stockId);
    if (atomic.has(e.stockId) && isAllocation(e)) {
      // Its derived keys and sellable counters follow once the transaction is in (`refreshLine`).
      const da = e.delta.quantity_allocated ?? 0;
      actions.push({
        update: stockRecords.key(s),
        expression: 'SET #a = #a + :da, #v = #v + :one',
        condition: '#q = :q AND #a <= :limit',
        names: { '#a': 'quantity_allocated', '#v': 'version', '#q': 'quantity' },
        values: { ':da': da, ':one': 1, ':q': s.quantity, ':limit': s.quantity - da },
      });
      refresh.push(stockRecords.key(s));
    } else {
      actions.push({
        put: stockRecords.item(next),
        condition: '#v = :v',
        names: { '#v': 'version' },
        values: { ':v': s.version },
      });
      counters.was.push(...storedStockCounters(stored.get(s.id) ?? {}, s));
      counters.now.push(...(stockRecords.counters?.(next) ?? []));
    }
    const summary = summaries.get(s.productCode) ?? { quantity: 0, sellable: new Map() };
    summary.quantity += e.delta.quantity;
    const k = summaryKey(s);
    summary.sellable.set(k, (summary.sellable.get(k) ?? 0) + sellableOf(next) - sellableOf(s));
    summaries.set(s.productCode, summary);
    if (e.movement?.op === 'write' && e.movement.quantity > 0) {
      written.push(await kind.movement(doc, e, s));
    }
  }
  // The movements taken back, read in one batch: their delete, and then their words and counters, need them.
  const backKeys = effects.flatMap((e) =>
    e.movement?.op === 'takeBack' && !isNone(e)
      ? [{ PK: keys.movements(doc.ownerId), SK: `${e.movement.at}#${e.movement.id}` }]
      : [],
  );
  for (const m of await batchGet(backKeys, true)) takenBack.push(movementRecords.parse(m));
  // The products' summaries follow the transaction, as the counters do (`after`): see `summaryUpdate`.
  const summaryUpdates = [...summaries].flatMap(([productCode, sum]) => {
    const u = summaryUpdate(sum);
    return u ? [{ key: keys.product(doc.ownerId, productCode), ...u }] : [];
  });
  // A movement's words first: a word left by a transaction that failed points at nothing, and lists skip it.
  await batchPut(written.flatMap((m) => movementRecords.companionItems(m)));
  for (const m of written) actions.push({ put: movementRecords.item(m) });
  for (const m of takenBack) actions.push({ delete: movementRecords.key(m) });
  const pending = refresh.length
    ? { ...refreshKey(doc.ownerId, doc.id, `${doc.seq}-${offset}-${Date.now().toString(36)}`), lines: refresh }
    : undefined;
  if (pending) actions.push({ put: { ...pending, entity: 'ledgerRefresh' } });
  return {
    actions,
    lineAt,
    async after() {
      if (pending) await refreshPending(pending);
      const moves = counterMoves(
        [...counters.was, ...takenBack.flatMap((m) => movementRecords.counters?.(m) ?? [])],
        [...counters.now, ...written.flatMap((m) => movementRecords.counters?.(m) ?? [])],
      );
      await Promise.all([
        ...moves.map(applyCounterMove),
        // A product gone meanwhile has no summary to keep (its condition fails; nothing is created).
        ...summaryUpdates.map(({ key, ...change }) => updateIf(key, change)),
      ]);
      await batchDelete(
        takenBack.flatMap((m) => movementRecords.companionItems(m)).map((w) => ({ PK: w.PK, SK: w.SK })),
      );
    },
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A transaction given up between two tries (its lines no longer hold what it takes). */
class GaveUp extends Error {}

type Outcome = { ok: true } | { ok: false; stale: true } | { ok: false; shortages: LedgerShortage[] };

/**
 * Sends one transaction: the document's action and the effects' writes, reading the lines again while another
 * change moves them (each round one writer wins). Answers `stale` when the document's own condition failed.
 */
async function applyStep<D extends LedgerDoc>(
  kind: DocumentKind<D>,
  doc: D,
  effects: readonly LedgerEffect[],
  docActions: () => Promise<{ actions: TransactAction[]; committed(): Promise<void>; abandoned(): Promise<void> }>,
): Promise<Outcome> {
  // Lines another change moved while this one was being applied: their allocations go as atomic updates.
  const moved = new Set<string>();
  for (let tries = 0; ; tries++) {
    const read = await readLines(doc.ownerId, effects);
    const shortages = shortagesOf(effects, read.lines);
    if (shortages.length) return { ok: false, shortages };
    const own = await docActions();
    const writes = await stockWrites(kind, doc, effects, read, own.actions.length, moved);
    let shortNow: LedgerShortage[] = [];
    // Meeting other changes of the same lines, it reads them again before each new try: once what it takes is
    // gone, it answers the shortage at once rather than waiting its turn to be refused.
    const beforeRetry = async () => {
      shortNow = shortagesOf(effects, (await readLines(doc.ownerId, effects)).lines);
      if (shortNow.length) throw new GaveUp();
    };
    try {
      await transactWrite([...own.actions, ...writes.actions], undefined, { beforeRetry });
    } catch (e) {
      await own.abandoned();
      if (shortNow.length) return { ok: false, shortages: shortNow };
      if (!(e instanceof TransactionCancelledError)) throw e;
      if (own.actions.some((_, i) => e.failed(i))) return { ok: false, stale: true };
      if (tries >= 60) throw e;
      for (const [i, stockId] of writes.lineAt) if (e.failed(i)) moved.add(stockId);
      // A stock line moved since it was read (or its product went): read again.
      await wait(Math.random() * Math.min(5 * (tries + 1), 100));
      continue;
    }
    await own.committed();
    await writes.after();
    return { ok: true };
  }
}

/**
 * Saves a document's next state with its effects on stock: at once when they fit one transaction, else the first
 * step, then the others (`settle`). `previous` is the document as read (undefined for a new one); `next` its new
 * state, `to: 'deleted'` to delete it. A change that finds a line short writes nothing and answers the shortages;
 * a document moved since it was read is a StaleVersionError.
 */
export async function commitDocument<D extends LedgerDoc>(
  kind: DocumentKind<D>,
  change: {
    next: D;
    previous: (D & { version: number }) | undefined;
    effects: LedgerEffect[];
    to: D['statusCode'] | 'deleted';
    /** What the document becomes should a later step find a line short. */
    restore: Transition['restore'];
    at: string;
    /** Other writes of the change, in its first transaction (an outbox entry). */
    extra?: TransactAction[];
  },
  hooks: LedgerHooks = {},
): Promise<Settled<D>> {
  const effects = change.effects.filter((e) => !isNone(e));
  const size = hooks.stepEffects ?? STEP_EFFECTS;
  const { previous } = change;
  const seq = change.next.seq;
  const stepped = effects.length > size;
  const first = stepped ? effects.slice(0, size) : effects;
  const transition: Transition | null = stepped
    ? { seq, at: change.at, effects, done: first.length, to: change.to, undo: false, restore: change.restore }
    : null;
  const next = { ...change.next, transition } as D;
  let staged: Staged<D> | undefined;
  const outcome = await applyStep(kind, next, first, async () => {
    if (change.to === 'deleted' && !stepped) {
      if (!previous) throw new Error('Nothing to delete');
      staged = kind.entity.stageRemove(previous, {
        condition: 'attribute_exists(PK) AND #v = :v',
        names: { '#v': 'version' },
        values: { ':v': previous.version },
      });
    } else {
      staged = await kind.entity.stage(next, previous);
    }
    const s = staged;
    return {
      actions: [
        s.action,
        ...(stepped ? [{ put: { ...pendingKey(kind.name, next), entity: 'ledgerPending' } }] : []),
        ...(change.extra ?? []),
      ],
      committed: () => s.committed(),
      abandoned: () => s.abandoned(),
    };
  });
  if (!outcome.ok) {
    if ('stale' in outcome) throw new StaleVersionError();
    return { doc: previous, shortages: outcome.shortages };
  }
  await hooks.afterStep?.(first.length);
  const saved = staged?.saved as D;
  if (!stepped) return { doc: change.to === 'deleted' ? undefined : saved, shortages: [] };
  return settle(kind, saved, hooks);
}

/**
 * Completes the recorded change of a document, if any, step by step; returns the document as it now stands and,
 * when a step found a line short, the shortages (the change was then undone).
 */
export async function settle<D extends LedgerDoc>(
  kind: DocumentKind<D>,
  found: D,
  hooks: LedgerHooks = {},
): Promise<Settled<D>> {
  let doc: D | undefined = found;
  let shortages: LedgerShortage[] = [];
  const size = hooks.stepEffects ?? STEP_EFFECTS;
  for (let rounds = 0; doc?.transition; rounds++) {
    if (rounds > 1000) throw new Error(`Document ${doc.id} keeps moving`);
    const d: D = doc;
    const t = d.transition as Transition;
    const step = t.effects.slice(t.done, t.done + size);
    const last = t.done + step.length >= t.effects.length;
    const guard = {
      condition: '#t.#seq = :seq AND #t.#done = :done',
      names: { '#t': 'transition', '#seq': 'seq', '#done': 'done' },
      values: { ':seq': t.seq, ':done': t.done },
    };
    let after: D | undefined;
    const outcome = await applyStep(kind, d, step, async () => {
      if (last && t.to === 'deleted') {
        const s = kind.entity.stageRemove(d, guard);
        after = undefined;
        return {
          actions: [s.action, { delete: pendingKey(kind.name, d) }],
          committed: () => s.committed(),
          abandoned: async () => {},
        };
      }
      after = { ...d, transition: last ? null : { ...t, done: t.done + step.length }, version: d.version + 1 } as D;
      // Only the progress and the version move (a step writes what it changes, not the whole document: a reception
      // of 500 lines weighs some 200 KB, put again at every step it would bill that much each time).
      return {
        actions: [
          {
            update: kind.entity.key(d),
            expression: last ? 'SET #t = :null, #v = #v + :one' : 'SET #t.#done = :next, #v = #v + :one',
            condition: guard.condition,
            names: { ...guard.names, '#v': 'version' },
            values: { ...guard.values, ':one': 1, ...(last ? { ':null': null } : { ':next': t.done + step.length }) },
          },
          ...(last ? [{ delete: pendingKey(kind.name, d) }] : []),
        ],
        committed: async () => {},
        abandoned: async () => {},
      };
    });
    if (outcome.ok) {
      doc = after;
      await hooks.afterStep?.(t.done + step.length);
      continue;
    }
    if ('shortages' in outcome && !t.undo) {
      // Taken meanwhile by another change: undo the steps done, then answer the shortages.
      shortages = outcome.shortages;
      const undone = await recordUndo(kind, d, t);
      doc = undone ?? (await kind.entity.get(kind.entity.key(d)));
      continue;
    }
    // Another settler moved it first: go on from where it stands.
    doc = await kind.entity.get(kind.entity.key(d));
  }
  return { doc, shortages };
}

/** Records on the document the undo of the steps of `t` that were done (undefined when another settler moved it). */
async function recordUndo<D extends LedgerDoc>(kind: DocumentKind<D>, d: D, t: Transition): Promise<D | undefined> {
  const seq = d.seq + 1;
  const undo: Transition = {
    seq,
    at: clock.iso(),
    effects: inverse(t.effects.slice(0, t.done)),
    done: 0,
    to: t.restore.statusCode,
    undo: true,
    restore: t.restore,
  };
  const back = { ...d, ...t.restore, seq, transition: undo } as D;
  const staged = await kind.entity.stage(back, d);
  try {
    await transactWrite([
      {
        ...staged.action,
        condition: '#t.#seq = :seq AND #t.#done = :done',
        names: { '#t': 'transition', '#seq': 'seq', '#done': 'done' },
        values: { ':seq': t.seq, ':done': t.done },
      } as TransactAction,
    ]);
  } catch (e) {
    await staged.abandoned();
    if (e instanceof TransactionCancelledError) return undefined;
    throw e;
  }
  await staged.committed();
  return staged.saved;
}
