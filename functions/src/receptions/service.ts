/**
 * Reception rules on the server (spec 3 §2–§6, issue 9): tenancy, the reception scope (route table), segments,
 * statuses and who may change them, the lines' products and lots, and the list's plan. Stock effects are recorded
 * here and applied by settle.ts.
 */
import { canUpdateStatus } from '@cellar/shared/access/roles';
import { clock } from '@cellar/shared/common/clock';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { RECEPTION_INCLUDES } from '@cellar/shared/receptions/routes';
import {
  lotIssues,
  type Reception,
  type ReceptionCreate,
  type ReceptionLineInput,
  type ReceptionStatusCode,
  type ReceptionUpdate,
  receptionIssues,
} from '@cellar/shared/receptions/schemas';
import { receptionRules } from '@cellar/shared/receptions/status';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { CellarMessageType } from '@cellar/shared/wms/contract';
import type { Caller } from '../caller/principal';
import { segmentsSeen, worksIn } from '../caller/visibility';
import { type ContactItem, findContact } from '../contacts/repository';
import { mapBounded } from '../data/fan-out';
import { newId } from '../data/ids';
import { keys } from '../data/keys';
import { type CompanyItem, type References, references, warehouseRef } from '../data/reference';
import { batchGet } from '../data/table';
import { ConflictError, type FieldMessages, ForbiddenError, InvalidError, NotFoundError } from '../errors';
import { recordMetric } from '../observability/metrics';
import { outboxPut } from '../outbox/outbox';
import { findProduct, type ProductItem, productRecords } from '../products/repository';
import type { LedgerEffect, LedgerShortage } from '../stocks/ledger';
import { lotLines } from '../stocks/lots';
import { findStock, productOfLine } from '../stocks/repository';
import { type ChangeOf, changeWrites } from '../timeline/change';
import { actorOf, timeline } from '../timeline/repository';
import { movesStock } from './effects';
import { supplierName, suppliersOf, toReception } from './list';
import { findReception, type ReceptionItem, type ReceptionLineItem } from './repository';
import { commitReception, receptionEffects, type SettleHooks, settleReception } from './settle';
import { cancelledMessage } from './warehouse-messages';

/** Segments a caller may see: null means every one (the superadmin, a company with both). */

function visible(caller: Caller, r: ReceptionItem): boolean {
  if (caller.isSuperadmin) return true;
  if (r.ownerId !== caller.tenantId) return false;
  const segments = segmentsSeen(caller);
  return !segments || segments.includes(r.segment);
}

async function productsOf(r: ReceptionItem): Promise<Map<string, ProductItem>> {
  const codes = [...new Set(r.lines.map((l) => l.productCode))];
  const items = await batchGet(codes.map((code) => keys.product(r.ownerId, code)));
  return new Map(items.map((i) => productRecords.parse(i)).map((p) => [p.code, p]));
}
async function answer(r: ReceptionItem): Promise<Reception> {
  const [refs, products, suppliers] = await Promise.all([references(), productsOf(r), suppliersOf([r])]);
  return toReception(r, refs, { products, suppliers, include: new Set(RECEPTION_INCLUDES) });
}

/** The reception, settled, if the caller may see it; else it does not exist for them. */
async function visibleReception(caller: Caller, id: string): Promise<ReceptionItem> {
  const found = await findReception(id);
  if (!found || !visible(caller, found)) throw new NotFoundError();
  const settled = await settleReception(found);
  if (!settled) throw new NotFoundError();
  return settled;
}

export async function getReception(caller: Caller, id: string): Promise<Reception> {
  return answer(await visibleReception(caller, id));
}

// ── create and update ─────────────────────────────────────────────────────────────────────────────────────────

/** The owner of a new reception: the caller's company, or the superadmin's choice. */
function ownerFor(caller: Caller, ownerId: string | undefined, refs: References): CompanyItem {
  if (!caller.isSuperadmin) return caller.company;
  const owner = ownerId ? refs.companies.get(ownerId) : undefined;
  if (!owner) throw new InvalidError({ ownerId: [ownerId ? MESSAGES.invalid : MESSAGES.required] });
  return owner;
}

/** A cart line: a body's, or a stored line kept as it is (its stock line named). */
type LineInput = Omit<ReceptionLineInput, 'quality'> & { quality: string };

interface Content {
  segment: SegmentCode | null;
  warehouseId: string;
  reference: string;
  expectedAt: string | null;
  supplierId: string | null;
  stocks: readonly LineInput[];
}

const add = (errors: FieldMessages, field: string, key: string, values?: Record<string, unknown>) => {
  errors[field] = [...(errors[field] ?? []), values ? { key, values } : key];
};

/** The lines of a body as stored: products checked, lots resolved to their stock lines, one line per stock line. */
async function resolveLines(
  owner: CompanyItem,
  c: Content,
  previous: readonly ReceptionLineItem[],
  errors: FieldMessages,
): Promise<ReceptionLineItem[]> {
  const ids = [...new Set(c.stocks.map((l) => l.productId))];
  const found = await mapBounded(ids, (id) => findProduct(id));
  const products = new Map(ids.map((id, i) => [id, found[i]]));
  const stocks = await mapBounded(c.stocks, async (l) => (l.stockId ? findStock(l.stockId) : undefined));
  const checked: { input: LineInput; product: ProductItem; stock?: Awaited<ReturnType<typeof findStock>> }[] = [];
  for (const [i, input] of c.stocks.entries()) {
    const p = products.get(input.productId);
    if (!p || p.ownerId !== owner.id || p.hidden) {
      add(errors, `stocks.${i}.productId`, MESSAGES.invalid);
      continue;
    }
    if (input.stockId) {
      const s = stocks[i];
      const fits =
        s &&
        s.ownerId === owner.id &&
        s.productId === p.id &&
        s.warehouseId === c.warehouseId &&
        (s.segment === null || s.segment === c.segment);
      if (fits) checked.push({ input, product: p, stock: s });
      else add(errors, `stocks.${i}.stockId`, MESSAGES.invalid);
      continue;
    }
    for (const issue of lotIssues(input, p)) add(errors, `stocks.${i}.${issue.field}`, issue.key);
    checked.push({ input, product: p });
  }
  if (Object.keys(errors).length) return [];
  // Each new lot's line is found (or created) by its natural key, all the reception's lots in batches (lotLines).
  const newLots = checked.flatMap(({ input, product, stock }) =>
    stock
      ? []
      : [
          {
            lot: {
              ownerId: owner.id,
              productId: product.id,
              productCode: product.code,
              warehouseId: c.warehouseId,
              segment: c.segment,
              quality: input.quality,
              batch: input.batch?.trim() || null,
              ubd: input.ubd || null,
              bbd: input.bbd || null,
            },
            product: productOfLine(product),
          },
        ],
  );
  const newIds = (await lotLines(newLots)).values();
  const stockIds = checked.map(({ stock }) => stock?.id ?? (newIds.next().value as string));
  const lines: ReceptionLineItem[] = [];
  for (const [k, { input, product, stock }] of checked.entries()) {
    const lot = stock ?? {
      quality: input.quality,
      batch: input.batch?.trim() || null,
      ubd: input.ubd || null,
      bbd: input.bbd || null,
    };
    const stockId = stockIds[k] as string;
    const same = lines.find((l) => l.stockId === stockId);
    if (same) {
      // The same lot twice in the cart is one line.
      same.expected += input.expected;
      continue;
    }
    const kept = previous.find((l) => l.stockId === stockId);
    lines.push({
      id: kept?.id ?? newId(),
      position: lines.length + 1,
      stockId,
      productId: product.id,
      productCode: product.code,
      productLabel: product.label,
      quality: lot.quality,
      batch: lot.batch,
      ubd: lot.ubd,
      bbd: lot.bbd,
      expected: input.expected,
      received: kept?.received ?? null,
      note: kept?.note ?? null,
    });
  }
  return lines;
}

/** Checks a body against the owner and the caller (spec 3 §5), and builds the stored fields it sets. */
async function build(
  caller: Caller,
  owner: CompanyItem,
  refs: References,
  c: Content,
  status: ReceptionStatusCode,
  previous: readonly ReceptionLineItem[],
) {
  const errors: FieldMessages = {};
  const segment = owner.isPooledActivity ? null : c.segment;
  for (const i of receptionIssues(
    { ...c, segment, statusCode: status },
    { pooled: owner.isPooledActivity, segments: owner.segments },
  )) {
    add(errors, i.path.join('.'), i.key);
  }
  const warehouse = refs.warehouses.get(c.warehouseId);
  if (!warehouse || !owner.warehouseIds.includes(c.warehouseId)) add(errors, 'warehouseId', MESSAGES.invalid);
  else if (!worksIn(caller, warehouse.id)) {
    add(errors, 'warehouseId', 'api.warehouse_not_attached', { warehouse: warehouse.code });
  }
  let supplier: ContactItem | undefined;
  if (c.supplierId) {
    supplier = await findContact(c.supplierId);
    if (supplier?.type !== 'supplier' || supplier.ownerId !== owner.id) {
      add(errors, 'supplierId', MESSAGES.invalid);
    }
  }
  const lines = Object.keys(errors).length ? [] : await resolveLines(owner, { ...c, segment }, previous, errors);
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return {
    segment,
    warehouse: warehouseRef(warehouse) as { id: string; code: string; name: string },
    reference: c.reference,
    expectedAt: c.expectedAt ?? null,
    supplier: supplier ? { id: supplier.id, code: supplier.code, name: supplierName(supplier) } : null,
    lines,
  };
}

const totals = (lines: readonly ReceptionLineItem[]) => ({
  expectedQuantity: lines.reduce((n, l) => n + l.expected, 0),
  receivedQuantity: lines.reduce((n, l) => n + (l.received ?? 0), 0),
});

/**
 * Taking back what a closed reception put in stock must leave what orders hold: a line whose quantity would fall
 * below its allocated quantity refuses the change (the kernel checks it on the lines as read, and writes nothing),
 * with the product named.
 */
function takenError(lines: readonly ReceptionLineItem[], shortages: readonly LedgerShortage[]) {
  const fields: FieldMessages = {};
  for (const s of shortages) {
    const index = lines.findIndex((l) => l.stockId === s.stockId);
    fields[`stocks.${index < 0 ? s.stockId : index}`] = [
      { key: 'api.reception_stock_taken', values: { product: s.productCode, left: s.available } },
    ];
  }
  return new ConflictError(fields);
}

export interface CommitHooks extends SettleHooks {
  /** Who publishes at once what a change put in the outbox (the API's handler passes `tellReception`, warehouse-messages.ts). */
  tell?: (kind: 'reception', r: ReceptionItem, told: CellarMessageType) => Promise<void>;
}

/** What the warehouse must hear of a change (written in the outbox with it), if anything. */
function toldOf(from: ReceptionStatusCode, next: ReceptionItem, c: ChangeOf): CellarMessageType | null {
  if (next.statusCode === '001' && from === '000') return 'reception.announced';
  if (!c.facts && c.modified && next.statusCode === '001') return 'reception.modified';
  return null;
}

/**
 * Saves a reception's next state with its effects on stock (settle.ts), what the warehouse must be told of it and
 * its timeline event: all or nothing; a write that lost the race is a 409, and so is a take-back that orders'
 * allocations no longer leave room for.
 */
export async function commit(
  next: ReceptionItem,
  previous: ReceptionItem | undefined,
  hooks: CommitHooks = {},
  c: ChangeOf = {},
): Promise<ReceptionItem> {
  const from = previous?.statusCode ?? '000';
  const before = previous?.lines ?? [];
  const now = clock.iso();
  const at = c.at ?? now;
  let record: ReceptionItem = { ...next, ...totals(next.lines), updatedAt: now, transition: null };
  let effects: LedgerEffect[] = [];
  if (movesStock(from, before, next.statusCode, next.lines)) {
    const seq = (previous?.seq ?? 0) + 1;
    const closing = next.statusCode === '200' && from !== '200';
    const leaving = from === '200' && next.statusCode !== '200';
    effects = receptionEffects(record, {
      seq,
      at,
      from,
      before,
      to: next.statusCode,
      after: next.lines,
      closed: leaving ? (previous?.closed ?? null) : null,
    });
    record = { ...record, seq, closed: closing ? { seq, at } : leaving ? null : record.closed };
  }
  const tell = toldOf(from, record, c);
  const extra = changeWrites('reception', record, previous ? from : undefined, tell, c, { now, at });
  const { reception, shortages } = await commitReception(
    record,
    previous,
    { from, before, to: next.statusCode, effects, extra },
    hooks,
  );
  if (shortages.length) throw takenError(before, shortages);
  const settled = reception as ReceptionItem;
  if (settled.statusCode === '200' && from !== '200') await recordMetric('receptionsClosed');
  if (tell && hooks.tell) await hooks.tell('reception', settled, tell);
  return settled;
}

export async function createReception(caller: Caller, input: ReceptionCreate, hooks?: CommitHooks): Promise<Reception> {
  const refs = await references();
  const owner = ownerFor(caller, input.ownerId, refs);
  if (input.statusCode !== '000' && input.statusCode !== '001') {
    throw new InvalidError({ statusCode: [MESSAGES.invalid] });
  }
  const fields = await build(
    caller,
    owner,
    refs,
    {
      segment: input.segment ?? null,
      warehouseId: input.warehouseId,
      reference: input.reference,
      expectedAt: input.expectedAt ?? null,
      supplierId: input.supplierId ?? null,
      stocks: input.stocks,
    },
    input.statusCode,
    [],
  );
  const now = clock.iso();
  const saved = await commit(
    {
      id: newId(),
      ownerId: owner.id,
      ...fields,
      statusCode: input.statusCode,
      expectedQuantity: 0,
      receivedQuantity: 0,
      seq: 0,
      transition: null,
      closed: null,
      arrivedAt: null,
      wmsSeq: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    },
    undefined,
    hooks,
    { event: { type: input.statusCode === '001' ? 'sent' : 'created', actor: actorOf(caller) } },
  );
  return answer(saved);
}

const CONTENT_FIELDS = ['segment', 'warehouseId', 'reference', 'expectedAt', 'supplierId', 'stocks'] as const;

/** The superadmin's received quantities, by line id, on the lines. */
function withReceived(lines: ReceptionLineItem[], received: Record<string, number> | undefined) {
  if (!received) return lines;
  const errors: FieldMessages = {};
  for (const id of Object.keys(received)) {
    if (!lines.some((l) => l.id === id)) add(errors, `received.${id}`, MESSAGES.invalid);
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return lines.map((l) => (received[l.id] === undefined ? l : { ...l, received: received[l.id] ?? null }));
}

/** Closing fixes what came in: a line's received quantity is its expected one when nobody entered it. */
const closedLines = (lines: ReceptionLineItem[]) => lines.map((l) => ({ ...l, received: l.received ?? l.expected }));

const sameFigures = (a: readonly ReceptionLineItem[], b: readonly ReceptionLineItem[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The wizard's save and send (the whole body), and the status change (`statusCode` alone, with received
 * quantities): arrival and count are the warehouse's to report, so only the provider's staff set them, as a
 * recorded override (receptionRules.statusChoices). A PUT that changes nothing (a replay) answers the reception.
 */
export async function updateReception(
  caller: Caller,
  id: string,
  input: ReceptionUpdate,
  hooks?: CommitHooks,
): Promise<Reception> {
  const current = await visibleReception(caller, id);
  const from = current.statusCode;
  const to = input.statusCode ?? from;
  const sending = from === '000' && to === '001';
  if (to !== from && !sending) {
    if (!canUpdateStatus(caller) || !receptionRules.statusChoices(from, caller).includes(to)) {
      throw new ForbiddenError();
    }
  }
  if (input.received && !caller.isSuperadmin) throw new ForbiddenError();
  const editing = CONTENT_FIELDS.some((f) => input[f] !== undefined);
  const refs = await references();
  const owner = refs.companies.get(current.ownerId);
  if (!owner) throw new NotFoundError();

  let next: ReceptionItem = { ...current, statusCode: to };
  if (editing) {
    if (!receptionRules.isModifiable(from)) throw new InvalidError({ statusCode: [MESSAGES.notModifiable] });
    // The reference is locked once the reception has been sent.
    if (from !== '000' && input.reference !== undefined && input.reference !== current.reference) {
      throw new InvalidError({ reference: [MESSAGES.locked] });
    }
    const fields = await build(
      caller,
      owner,
      refs,
      {
        segment: input.segment !== undefined ? input.segment : current.segment,
        warehouseId: input.warehouseId ?? current.warehouse.id,
        reference: input.reference ?? current.reference,
        expectedAt: input.expectedAt !== undefined ? input.expectedAt : current.expectedAt,
        supplierId: input.supplierId !== undefined ? input.supplierId : (current.supplier?.id ?? null),
        stocks: input.stocks ?? current.lines,
      },
      to,
      current.lines,
    );
    next = { ...next, ...fields };
  } else if (from === '000' && to !== '000') {
    // Leaving the draft asks for everything the send does, on what is stored.
    const issues = receptionIssues(
      { ...current, supplierId: current.supplier?.id ?? null, stocks: current.lines, statusCode: to },
      { pooled: owner.isPooledActivity, segments: owner.segments },
    );
    if (issues.length) {
      const errors: FieldMessages = {};
      for (const i of issues) add(errors, i.path.join('.'), i.key);
      throw new InvalidError(errors);
    }
  }
  if (input.received) {
    if (from === '200' && !sameFigures(withReceived(current.lines, input.received), current.lines)) {
      throw new InvalidError({ received: [MESSAGES.notModifiable] });
    }
    next = { ...next, lines: withReceived(next.lines, input.received) };
  }
  if (to === '200') next = { ...next, lines: closedLines(next.lines) };
  const modified = editing && JSON.stringify(contentOf(next)) !== JSON.stringify(contentOf(current));
  if (!modified && to === from && sameFigures(next.lines, current.lines)) return answer(current);
  const type = sending ? 'sent' : to !== from ? 'status' : input.received ? 'counted' : 'modified';
  // A status set by the provider's staff stands in for the warehouse's word: the timeline says it was an override.
  const event = { type, actor: actorOf(caller), details: type === 'status' ? { override: true } : {} };
  return answer(await commit(next, current, hooks, { event, modified: modified && from !== '000' }));
}

/** What the warehouse is told of a reception's content (to know whether an edit changed it). */
const contentOf = (r: ReceptionItem) => [
  r.reference,
  r.segment,
  r.warehouse.id,
  r.expectedAt,
  r.supplier?.id,
  r.lines.map((l) => [l.stockId, l.expected]),
];

/** The reception's timeline, oldest first. */
export async function receptionTimeline(caller: Caller, id: string) {
  return timeline('reception', await visibleReception(caller, id));
}

/**
 * Deletes a draft, or cancels a reception announced but not arrived (the warehouse is told it will not come), or
 * (the superadmin) a reception in any status, taking back what it did to stock.
 */
export async function deleteReception(caller: Caller, id: string, hooks?: CommitHooks): Promise<void> {
  const current = await visibleReception(caller, id);
  const cancelling = receptionRules.isCancellable(current.statusCode);
  if (!cancelling && !receptionRules.isDeletable(current.statusCode, caller)) throw new ForbiddenError();
  const seq = current.seq + 1;
  const at = clock.iso();
  const effects = receptionEffects(current, {
    seq,
    at,
    from: current.statusCode,
    before: current.lines,
    to: 'deleted',
    after: [],
    closed: current.statusCode === '200' ? current.closed : null,
  });
  // Announced and not arrived: the notice that it will not come goes with the delete (its document is gone).
  const told = current.statusCode === '001';
  const cancelled = told ? cancelledMessage(current, await references()) : null;
  const extra = cancelled ? [outboxPut('reception', current, 'reception.cancelled', at, cancelled)] : [];
  const { shortages } = await commitReception({ ...current, seq, updatedAt: at }, current, {
    from: current.statusCode,
    before: current.lines,
    to: 'deleted',
    effects,
    extra,
  });
  if (shortages.length) throw takenError(current.lines, shortages);
  if (cancelled && hooks?.tell) await hooks.tell('reception', current, 'reception.cancelled');
}
