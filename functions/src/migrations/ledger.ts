/**
 * The one-shot move of a stage's data from data format 9 (each stock line and product kept a mark per document that
 * changed it, forever) to format 10 (stocks/ledger.ts: transactions, nothing kept on shared items). Run by
 * `npm run migrate-ledger` on a deployed stage, and by the local runtime on data of the old format. Safe to run
 * again: each part finds its work done.
 *
 *   1. documents whose change was half-applied: what is left of it, read from the marks, recorded as a change
 *      of the new kind (the sweep then finishes it);
 *   2. stock lines: marks removed, lot claimed (new lots then find their twin by one keyed read);
 *   3. products: marks removed, the stock summary computed again from the lines.
 */
import { keys } from '../data/keys';
import { batchGet, getItem, type Item, putItem, putNew, queryAll, updateIf } from '../data/table';
import { ItemExistsError } from '../errors';
import { contribution as orderContribution } from '../orders/effects';
import { contribution as receptionContribution } from '../receptions/effects';
import { documentLineEffects, type StockDelta } from '../stocks/effects';
import { type LedgerEffect, PENDING_LEDGER } from '../stocks/ledger';
import { lotClaim, type StockItem, stockRecords, summaryOf } from '../stocks/repository';

export interface MigrationResult {
  documents: number;
  stockLines: number;
  products: number;
}

type Mark = { seq: number };
type OldTransition = {
  seq: number;
  from: string;
  before: {
    stockId: string;
    productCode: string;
    ordered?: number;
    expected?: number;
    received?: number | null;
    prepared?: number | null;
  }[];
  to: string;
  at: string;
  shipped?: { seq: number; at: string } | null;
  closed?: { seq: number; at: string } | null;
  undoOf?: number | null;
};

const isOld = (t: unknown): t is OldTransition => !!t && typeof t === 'object' && 'before' in t && !('effects' in t);

/** The old change of one document, as what is left of it in the new kind. */
async function pendingOf(doc: Item, kind: 'order' | 'reception'): Promise<LedgerEffect[]> {
  const t = doc.transition as OldTransition;
  const lines = (doc.lines ?? []) as OldTransition['before'];
  const deleting = t.to === 'deleted';
  const shippedDelete = kind === 'order' && deleting && t.from === '070';
  const to = shippedDelete ? '070' : t.to;
  const after = shippedDelete ? t.before : deleting ? [] : lines;
  const effects =
    kind === 'order'
      ? documentLineEffects((s, l) => orderContribution(s as never, l as never), '070', {
          from: t.from,
          before: t.before as never[],
          to,
          after: after as never[],
        })
      : documentLineEffects((s, l) => receptionContribution(s as never, l as never), '200', {
          from: t.from,
          before: t.before as never[],
          to,
          after: after as never[],
        });
  const codeOf = new Map([...t.before, ...after].map((l) => [l.stockId, l.productCode]));
  const found = await batchGet(
    effects.map((e) => keys.stock(String(doc.ownerId), codeOf.get(e.stockId) ?? '', e.stockId)),
    true,
  );
  const marks = new Map(
    found.map((s) => [String(s.id), ((s.effects ?? {}) as Record<string, Mark>)[String(doc.id)]?.seq ?? -1]),
  );
  const left: LedgerEffect[] = [];
  for (const e of effects) {
    const mark = marks.get(e.stockId) ?? -1;
    // An undo (old kind) applies only to the lines its failed step had reached.
    const wanted = t.undoOf === null || t.undoOf === undefined ? true : mark === t.undoOf;
    const applied = mark >= t.seq;
    const line = after.find((l) => l.stockId === e.stockId);
    const moving = t.shipped ?? t.closed ?? null;
    const movement =
      e.movement === 'write' && line
        ? {
            op: 'write' as const,
            id: `${doc.id}-${t.seq}-${e.stockId}`,
            at: t.at,
            quantity: kind === 'order' ? (line.prepared ?? line.ordered ?? 0) : (line.received ?? line.expected ?? 0),
          }
        : e.movement === 'takeBack' && moving
          ? { op: 'takeBack' as const, id: `${doc.id}-${moving.seq}-${e.stockId}`, at: moving.at, quantity: 0 }
          : null;
    const delta: StockDelta =
      applied || !wanted
        ? { ...e.delta, quantity: 0, quantity_on_arriving: 0, quantity_receive_in_progress: 0, quantity_allocated: 0 }
        : e.delta;
    // The line took its delta but the process died before its movement: the movement alone is left.
    let move = movement;
    if (applied && movement) {
      const there = await getItem({ PK: keys.movements(String(doc.ownerId)), SK: `${movement.at}#${movement.id}` });
      move = (movement.op === 'write') === !!there ? null : movement;
    }
    if (!applied && !wanted) move = null;
    left.push({
      stockId: e.stockId,
      productCode: codeOf.get(e.stockId) ?? '',
      delta,
      shortageAllowed: true,
      movement: move,
    });
  }
  return left;
}

async function migrateDocuments(): Promise<number> {
  let n = 0;
  for (const [kind, pk] of [
    ['order', keys.orders],
    ['reception', keys.receptions],
  ] as const) {
    for await (const doc of queryAll({ index: 'GSI2', pk })) {
      if (!isOld(doc.transition)) continue;
      const t = doc.transition;
      const effects = await pendingOf(doc, kind);
      await putItem({
        ...(doc as Item & { PK: string; SK: string }),
        transition: {
          seq: t.seq,
          at: t.at,
          effects,
          done: 0,
          to: t.to,
          undo: t.undoOf !== null && t.undoOf !== undefined,
          restore: { statusCode: t.from, lines: doc.lines },
        },
        version: Number(doc.version) + 1,
      });
      await putItem({ PK: PENDING_LEDGER, SK: `${kind}#${doc.ownerId}#${doc.id}`, entity: 'ledgerPending' });
      n += 1;
    }
  }
  return n;
}

async function migrateStockLines(): Promise<{ lines: number; summaries: Map<string, StockItem[]> }> {
  let lines = 0;
  const summaries = new Map<string, StockItem[]>();
  for (const source of await (stockRecords.everywhere?.() ?? [])) {
    for await (const raw of queryAll(source)) {
      if (raw.entity !== 'stock') continue;
      const s: StockItem = stockRecords.parse(raw);
      if (raw.effects !== undefined) {
        await updateIf(stockRecords.key(s), { update: 'REMOVE effects', values: {} });
      }
      try {
        await putNew(lotClaim(s));
      } catch (e) {
        if (!(e instanceof ItemExistsError)) throw e;
      }
      const key = `${s.ownerId}#${s.productCode}`;
      summaries.set(key, [...(summaries.get(key) ?? []), s]);
      lines += 1;
    }
  }
  return { lines, summaries };
}

async function migrateProducts(summaries: Map<string, StockItem[]>): Promise<number> {
  let n = 0;
  for await (const p of queryAll({ index: 'GSI2', pk: keys.products })) {
    const summary = summaryOf(summaries.get(`${p.ownerId}#${p.code}`) ?? []);
    await updateIf(keys.product(String(p.ownerId), String(p.code)), {
      update: 'SET #s = :s, #v = #v + :one REMOVE effects',
      condition: 'attribute_exists(PK)',
      names: { '#s': 'stock', '#v': 'version' },
      values: { ':s': summary, ':one': 1 },
    });
    n += 1;
  }
  return n;
}

/** Moves the data to format 10; the pending changes it records are finished by the sweep. */
export async function migrateLedger(): Promise<MigrationResult> {
  const documents = await migrateDocuments();
  const { lines, summaries } = await migrateStockLines();
  const products = await migrateProducts(summaries);
  return { documents, stockLines: lines, products };
}
