/**
 * Order rules on the server (spec 2 §2–§8, issue 10): tenancy, the order scope (route table), the rules of
 * `orderIssues` with the owner's carriers, the lines' stock, statuses and who may change them. Stock effects are
 * recorded here and applied by settle.ts; a send that cannot allocate every line is undone and answered 409.
 */
import { createHash } from 'node:crypto';
import { canUpdateStatus } from '@cellar/shared/access/roles';
import { clock } from '@cellar/shared/common/clock';
import { isIdempotencyKey, type SegmentCode } from '@cellar/shared/common/schemas';
import { serviceTarget } from '@cellar/shared/companies/schemas';
import { ORDER_INCLUDES } from '@cellar/shared/orders/routes';
import {
  chosenDeparture,
  NO_FULFILMENT,
  ORDER_CONTENT_FIELDS,
  type Order,
  type OrderCarrierFacts,
  type OrderContent,
  type OrderCreate,
  type OrderStatusCode,
  type OrderUpdate,
  orderContent,
  orderIssues,
} from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import { EXCLUDED_QUALITIES } from '@cellar/shared/stocks/schemas';
import { actorOfAuthor } from '@cellar/shared/timeline/schemas';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { CellarMessageType } from '@cellar/shared/wms/contract';
import { authorOf } from '../caller/author';
import type { Caller } from '../caller/principal';
import { seesWarehouses, segmentsSeen, warehousesWorked, worksIn } from '../caller/visibility';
import { type ContactItem, findContact } from '../contacts/repository';
import { mapBounded } from '../data/fan-out';
import { newId } from '../data/ids';
import { keys } from '../data/keys';
import { type CompanyItem, type References, references, warehouseRef } from '../data/reference';
import { batchGet } from '../data/table';
import {
  ConflictError,
  type FieldMessages,
  ForbiddenError,
  InvalidError,
  ItemExistsError,
  NotFoundError,
} from '../errors';
import { recordMetric } from '../observability/metrics';
import { findProduct, type ProductItem } from '../products/repository';
import type { LedgerEffect } from '../stocks/ledger';
import { findStock, type StockItem, stockRecords } from '../stocks/repository';
import { type ChangeOf, changeWrites } from '../timeline/change';
import { actorOf, timeline } from '../timeline/repository';
import { HOLDING, movesStock } from './effects';
import { type Extras, orderWarehouses, toOrder } from './list';
import type { DocumentParties } from './pdf';
import { claimIdempotencyKey, findOrder, type OrderItem, type OrderLineItem, orderCountries } from './repository';
import { commitOrder, orderEffects, type SettleHooks, type Shortage, settleOrder, totals } from './settle';

/** The provider's own company: the document's sender. */
const PROVIDER_CODE = 'CELLAR';

function visible(caller: Caller, o: OrderItem): boolean {
  if (caller.isSuperadmin) return true;
  if (o.ownerId !== caller.tenantId) return false;
  const segments = segmentsSeen(caller);
  return (!segments || segments.includes(o.segment)) && seesWarehouses(warehousesWorked(caller), orderWarehouses(o));
}

/** The order with what its answer shows: the carrier contact, and each line's available quantity. */
async function answer(o: OrderItem, include: ReadonlySet<string> = new Set(ORDER_INCLUDES)): Promise<Order> {
  const [refs, carrier, stocks] = await Promise.all([
    references(),
    o.carrier ? findContact(o.carrier.id) : undefined,
    batchGet(o.lines.map((l) => keys.stock(o.ownerId, l.productCode, l.stockId))),
  ]);
  const available = new Map(
    stocks.map((i) => stockRecords.parse(i)).map((s) => [s.id, Math.max(0, s.quantity - s.quantity_allocated)]),
  );
  const x: Extras = { include, carrier, available };
  return toOrder(o, refs, x);
}

/** The order, settled, if the caller may see it; else it does not exist for them. */
export async function visibleOrder(caller: Caller, id: string): Promise<OrderItem> {
  const found = await findOrder(id);
  if (!found || !visible(caller, found)) throw new NotFoundError();
  const { order } = await settleOrder(found);
  if (!order) throw new NotFoundError();
  return order;
}

export async function getOrder(caller: Caller, id: string): Promise<Order> {
  return answer(await visibleOrder(caller, id));
}

export async function getOrderCarrier(caller: Caller, id: string) {
  const o = await visibleOrder(caller, id);
  const c = o.carrier ? await findContact(o.carrier.id) : undefined;
  if (!o.carrier || !c) return null;
  return {
    id: c.id,
    code: c.code,
    name: c.address.company || c.address.name || c.code,
    segment: c.segment,
    owner: { code: c.code, name: c.address.company || c.address.name || c.code },
    services: c.services,
  };
}

export async function getOrderService(caller: Caller, id: string) {
  const o = await visibleOrder(caller, id);
  const c = o.carrier ? await findContact(o.carrier.id) : undefined;
  return c?.services.find((s) => s.code === o.serviceCode) ?? null;
}

// ── create and update ─────────────────────────────────────────────────────────────────────────────────────────

/** The owner of a new order: the caller's company, or the superadmin's choice. */
function ownerFor(caller: Caller, ownerId: string | undefined, refs: References): CompanyItem {
  if (!caller.isSuperadmin) return caller.company;
  const owner = ownerId ? refs.companies.get(ownerId) : undefined;
  if (!owner) throw new InvalidError({ ownerId: [ownerId ? MESSAGES.invalid : MESSAGES.required] });
  return owner;
}

const add = (errors: FieldMessages, field: string, key: string, values?: Record<string, unknown>) => {
  errors[field] = [...(errors[field] ?? []), values ? { key, values } : key];
};

/** The carrier as the rules need it: may the owner use it for this segment, and which of its services. */
function carrierFacts(owner: CompanyItem, carrier: ContactItem | undefined, segment: SegmentCode | null) {
  if (carrier?.type !== 'carrier') return { allowed: false, ownerCode: null, services: [] };
  const permissions = owner.permissions ?? { contacts: [], services: [] };
  const servesSegment = carrier.segment === null || segment === null || carrier.segment === segment;
  const mine = carrier.ownerId === owner.id || permissions.contacts.includes(carrier.id);
  const services =
    segment === 'B2C'
      ? carrier.services.filter((s) => permissions.services.includes(serviceTarget(carrier.id, s.code)))
      : carrier.services;
  // The provider's carriers are their own owners (no company stands behind them).
  return {
    allowed: mine && servesSegment,
    ownerCode: carrier.code,
    services: services.map((s) => s.code),
  } satisfies OrderCarrierFacts;
}

const sellable = (s: StockItem) => !(EXCLUDED_QUALITIES as readonly string[]).includes(s.quality);

/**
 * The lines of a body as stored: each stock line checked (the owner's, sellable, in the segment, in a warehouse the
 * caller works in), one per lot.
 */
async function resolveLines(
  caller: Caller,
  owner: CompanyItem,
  refs: References,
  c: OrderContent,
  previous: readonly OrderLineItem[],
  errors: FieldMessages,
): Promise<OrderLineItem[]> {
  const stocks = await mapBounded(c.stocks, (l) => findStock(l.stockId));
  const productIds = [...new Set(stocks.flatMap((s) => (s ? [s.productId] : [])))];
  const found = await mapBounded(productIds, (id) => findProduct(id));
  const products = new Map<string, ProductItem | undefined>(productIds.map((id, i) => [id, found[i]]));
  const lines: OrderLineItem[] = [];
  for (const [i, input] of c.stocks.entries()) {
    const s = stocks[i];
    const p = s ? products.get(s.productId) : undefined;
    const fits =
      s &&
      p &&
      !p.hidden &&
      s.ownerId === owner.id &&
      sellable(s) &&
      (owner.isPooledActivity || s.segment === null || s.segment === c.segment);
    if (!fits || !s || !p) {
      add(errors, `stocks.${i}.stockId`, MESSAGES.invalid);
      continue;
    }
    if (!worksIn(caller, s.warehouseId)) {
      const warehouse = refs.warehouses.get(s.warehouseId)?.code ?? s.warehouseId;
      add(errors, `stocks.${i}.stockId`, 'api.lot_warehouse_not_attached', { warehouse });
      continue;
    }
    const same = lines.find((l) => l.stockId === s.id);
    if (same) {
      // The same lot twice in the cart is one line.
      same.ordered += input.ordered;
      continue;
    }
    const kept = previous.find((l) => l.stockId === s.id);
    const pcb = p.attributes.pcb;
    lines.push({
      id: kept?.id ?? newId(),
      position: lines.length + 1,
      stockId: s.id,
      productId: p.id,
      productCode: p.code,
      productLabel: p.label,
      pcb: typeof pcb === 'number' ? pcb : Number.parseInt(String(pcb ?? ''), 10) || null,
      warehouseId: s.warehouseId,
      quality: s.quality,
      batch: s.batch,
      ubd: s.ubd,
      bbd: s.bbd,
      ordered: input.ordered,
      prepared: kept?.prepared ?? null,
    });
  }
  return lines;
}

/** Checks a body against the owner and the caller (spec 2 §5), and builds the stored fields it sets. */
async function build(
  caller: Caller,
  owner: CompanyItem,
  refs: References,
  c: OrderContent,
  status: OrderStatusCode,
  previous: readonly OrderLineItem[],
) {
  const errors: FieldMessages = {};
  const carrier = c.carrierId ? await findContact(c.carrierId) : undefined;
  const facts = c.carrierId ? carrierFacts(owner, carrier, c.segment) : null;
  const lines = await resolveLines(caller, owner, refs, c, previous, errors);
  // Each body line with the warehouse of its lot (null for a lot refused).
  const stocks = c.stocks.map((s) => ({
    warehouseId: lines.find((l) => l.stockId === s.stockId)?.warehouseId ?? null,
  }));
  for (const i of orderIssues({ ...c, statusCode: status, stocks }, { segments: owner.segments, carrier: facts })) {
    add(errors, i.path.join('.'), i.key);
  }
  if (c.customerId) {
    const customer = await findContact(c.customerId);
    if (customer?.type !== 'recipient' || customer.ownerId !== owner.id) add(errors, 'customerId', MESSAGES.invalid);
  }
  const warehouse = c.warehouseId ? refs.warehouses.get(c.warehouseId) : undefined;
  if (c.warehouseId && (!warehouse || !owner.warehouseIds.includes(c.warehouseId))) {
    add(errors, 'warehouseId', MESSAGES.invalid);
  } else if (warehouse && !worksIn(caller, warehouse.id)) {
    add(errors, 'warehouseId', 'api.warehouse_not_attached', { warehouse: warehouse.code });
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
  // One warehouse for every line is the destination; lines from several need the destination chosen.
  const from = [...new Set(lines.map((l) => l.warehouseId))];
  const destination = warehouse ?? (from.length === 1 ? refs.warehouses.get(from[0] as string) : undefined);
  // The content as kept, but the warehouse, the carrier and the lines, stored as what they name.
  const { warehouseId: _destination, carrierId: _carrier, stocks: _lines, ...kept } = c;
  return {
    ...kept,
    warehouse: (warehouseRef(destination) as { id: string; code: string; name: string } | undefined) ?? null,
    carrier:
      carrier && c.carrierId
        ? { id: carrier.id, code: carrier.code, name: carrier.address.company || carrier.address.name || carrier.code }
        : null,
    lines,
  };
}

/** The 409 of a change that could not allocate: one message per refused line (which product, how many are left). */
function shortageError(lines: readonly OrderLineItem[], shortages: readonly Shortage[]) {
  const fields: FieldMessages = {};
  for (const s of shortages) {
    const i = lines.findIndex((l) => l.stockId === s.stockId);
    fields[`stocks.${i < 0 ? s.stockId : i}.ordered`] = [
      {
        key: 'order.stock_insufficient',
        values: { product: s.productCode, label: s.productLabel, ordered: s.ordered, available: s.available },
      },
    ];
  }
  return new ConflictError(fields);
}

export interface CommitHooks extends SettleHooks {
  /**
   * Who publishes at once what a change put in the outbox for the warehouse (the API's handler passes `tellOrder`,
   * warehouse-messages.ts); without it, the sweep publishes it a minute later (outbox/outbox.ts).
   */
  tell?: (kind: 'order', o: OrderItem, told: CellarMessageType) => Promise<void>;
}

/** What the warehouse must hear of a change (written in the outbox with it), if anything. */
function toldOf(from: OrderStatusCode, previous: OrderItem | undefined, next: OrderItem, c: ChangeOf) {
  if (next.statusCode === '005' && from !== '005') return 'order.transmitted';
  if (c.facts) return null;
  const cancelled = next.statusCode === '050' && HOLDING.has(from);
  const requested = next.fulfilment.cancellation === 'requested' && previous?.fulfilment.cancellation !== 'requested';
  if (cancelled || requested) return 'order.cancellation_requested';
  if (c.modified && HOLDING.has(next.statusCode)) return 'order.modified';
  return null;
}

/**
 * Saves an order's next state with its effects on stock (settle.ts), what the warehouse must be told of it and its
 * timeline event: all or nothing. A write that lost the race is a 409, and so is a change that could not allocate
 * every line (nothing allocated; a draft keeps what was typed).
 */
export async function commit(
  next: OrderItem,
  previous: OrderItem | undefined,
  hooks: CommitHooks = {},
  c: ChangeOf = {},
) {
  const from = previous?.statusCode ?? '000';
  const before = previous?.lines ?? [];
  const now = clock.iso();
  const at = c.at ?? now;
  let record: OrderItem = { ...next, ...totals(next.lines), updatedAt: now, transition: null };
  let effects: LedgerEffect[] = [];
  if (movesStock(from, before, next.statusCode, next.lines)) {
    const seq = (previous?.seq ?? 0) + 1;
    const shipping = next.statusCode === '070' && from !== '070';
    const leaving = from === '070' && next.statusCode !== '070';
    effects = orderEffects(record, {
      seq,
      at,
      from,
      before,
      to: next.statusCode,
      after: next.lines,
      shipped: leaving ? (previous?.shipped ?? null) : null,
      facts: c.facts,
    });
    record = { ...record, seq, shipped: shipping ? { seq, at } : leaving ? null : record.shipped };
  }
  const tell = toldOf(from, previous, record, c);
  const extra = changeWrites('order', record, previous ? from : undefined, tell, c, { now, at });
  const { order, shortages } = await commitOrder(
    record,
    previous,
    { from, before, to: next.statusCode, effects, extra },
    hooks,
  );
  if (shortages.length) {
    await recordMetric('allocationConflicts');
    throw shortageError(record.lines, shortages);
  }
  const saved = order as OrderItem;
  if (saved.statusCode === '005' && from === '000') await recordMetric('ordersSent');
  if (tell && hooks.tell) await hooks.tell('order', saved, tell);
  return saved;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The order an earlier POST with the same key created (it may still be on its way: a double click). */
async function replayed(id: string): Promise<Order | undefined> {
  for (let tries = 0; tries < 40; tries++) {
    const found = await findOrder(id);
    if (found) return answer((await settleOrder(found)).order ?? found);
    await wait(50);
  }
  return undefined;
}

/**
 * Creates an order: a draft (000), or a send (005) that allocates every line. With an `Idempotency-Key`, the key is
 * claimed for the new order's id and its body's fingerprint before anything is written: a repeated POST (a double
 * click, a retry) answers the order the first one created instead of creating another; the same key with another
 * body is refused (422), as the IETF's Idempotency-Key draft says, rather than answered with an unrelated order.
 */
export async function createOrder(
  caller: Caller,
  input: OrderCreate,
  idempotencyKey?: string,
  hooks?: CommitHooks,
): Promise<Order> {
  const refs = await references();
  const owner = ownerFor(caller, input.ownerId, refs);
  if (input.statusCode !== '000' && input.statusCode !== '005') {
    throw new InvalidError({ statusCode: [MESSAGES.invalid] });
  }
  let id = newId();
  if (idempotencyKey !== undefined) {
    const field = 'Idempotency-Key';
    if (!isIdempotencyKey(idempotencyKey)) throw new InvalidError({ [field]: ['api.idempotency_key_invalid'] });
    const fingerprint = createHash('sha256').update(JSON.stringify(input)).digest('base64url');
    const bound = await claimIdempotencyKey(owner.id, idempotencyKey, id, fingerprint);
    if (bound.fingerprint !== undefined && bound.fingerprint !== fingerprint) {
      throw new InvalidError({ [field]: ['api.idempotency_key_reused'] });
    }
    if (bound.orderId !== id) {
      const earlier = await replayed(bound.orderId);
      if (earlier) return resent(caller, earlier, input, hooks);
      // The first request died before writing its order: this one writes it, under the same id.
      id = bound.orderId;
    }
  }
  const fields = await build(caller, owner, refs, orderContent(input), input.statusCode, []);
  const author = authorOf(caller);
  const now = clock.iso();
  const record: OrderItem = {
    id,
    ownerId: owner.id,
    ...fields,
    exitPoint: '',
    statusCode: input.statusCode,
    appointmentDate: null,
    preparationDate: null,
    comment: '',
    shippingTrackingId: null,
    packings: [],
    orderedQuantity: 0,
    preparedQuantity: 0,
    supportType: null,
    supportNumber: null,
    seq: 0,
    transition: null,
    shipped: null,
    transmittedAt: null,
    fulfilment: NO_FULFILMENT,
    wmsSeq: 0,
    createdBy: author,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  try {
    const event = { type: input.statusCode === '005' ? 'sent' : 'created', actor: actorOfAuthor(author) };
    return answer(await commit(record, undefined, hooks, { event }));
  } catch (e) {
    if (!(idempotencyKey && e instanceof ItemExistsError)) throw e;
    // The same key's other request wrote first (its order, or its reference claim): answer that order.
    const earlier = await replayed(id);
    if (!earlier) throw e;
    return resent(caller, earlier, input, hooks);
  }
}

/**
 * A retried send answers as the send would now: the order its first request left a draft (the stock refused it) is
 * sent again, which allocates or answers the same 409, rather than a draft answered as if it had been sent.
 */
function resent(caller: Caller, earlier: Order, input: OrderCreate, hooks?: CommitHooks): Promise<Order> {
  if (input.statusCode !== '005' || earlier.statusCode !== '000') return Promise.resolve(earlier);
  return updateOrder(caller, earlier.id, { statusCode: '005' }, hooks);
}

/** The stored order's content, in a body's terms. */
const storedContent = (o: OrderItem): OrderContent => ({
  ...orderContent(o),
  warehouseId: chosenDeparture(o.warehouse?.id, o.lines),
  carrierId: o.carrier?.id ?? null,
  stocks: o.lines,
});

/** The stored order in the body's terms, the body's fields over it. */
const merged = (current: OrderItem, input: OrderUpdate): OrderContent => orderContent(input, storedContent(current));

/** The warehouse's prepared quantities, by stock id, on the lines. */
function withPrepared(lines: OrderLineItem[], prepared: Record<string, number> | undefined) {
  if (!prepared) return lines;
  const errors: FieldMessages = {};
  for (const id of Object.keys(prepared)) {
    if (!lines.some((l) => l.stockId === id)) add(errors, `prepared.${id}`, MESSAGES.invalid);
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return lines.map((l) => (prepared[l.stockId] === undefined ? l : { ...l, prepared: prepared[l.stockId] ?? null }));
}

/**
 * The wizard's save and send (the whole body), and the status change (`statusCode` alone, on the status page:
 * orderRules.statusChoices says which; the provider's staff may set any, an override the timeline records). A PUT
 * that changes nothing (a replay) answers the order as it is.
 */
export async function updateOrder(caller: Caller, id: string, input: OrderUpdate, hooks?: CommitHooks): Promise<Order> {
  const current = await visibleOrder(caller, id);
  const from = current.statusCode;
  const to = input.statusCode ?? from;
  const sending = from === '000' && to === '005';
  if (to !== from && !sending) {
    if (!canUpdateStatus(caller) || !orderRules.statusChoices(from, caller).includes(to)) throw new ForbiddenError();
  }
  // Prepared quantities are the warehouse's to report; the provider's staff may correct them.
  if (input.prepared && !caller.isSuperadmin) throw new ForbiddenError();
  const editing = ORDER_CONTENT_FIELDS.some((f) => input[f] !== undefined);
  const refs = await references();
  const owner = refs.companies.get(current.ownerId);
  if (!owner) throw new NotFoundError();

  let next: OrderItem = { ...current, statusCode: to };
  if (editing) {
    if (!orderRules.isModifiable(from)) throw new InvalidError({ statusCode: [MESSAGES.notModifiable] });
    if (orderRules.isReferenceLocked(from) && input.reference !== undefined && input.reference !== current.reference) {
      throw new InvalidError({ reference: [MESSAGES.locked] });
    }
    next = { ...next, ...(await build(caller, owner, refs, merged(current, input), to, current.lines)) };
  } else if (from === '000' && to !== '000') {
    // Leaving the draft asks for everything the send does, on what is stored.
    const issues = orderIssues(
      { ...storedContent(current), statusCode: to, stocks: current.lines },
      {
        segments: owner.segments,
        carrier: current.carrier ? carrierFacts(owner, await findContact(current.carrier.id), current.segment) : null,
      },
    );
    if (issues.length) {
      const errors: FieldMessages = {};
      for (const i of issues) add(errors, i.path.join('.'), i.key);
      throw new InvalidError(errors);
    }
  }
  if (input.prepared) next = { ...next, lines: withPrepared(next.lines, input.prepared) };
  const same = JSON.stringify(next.lines) === JSON.stringify(current.lines);
  const modified = editing && JSON.stringify(orderContentOf(next)) !== JSON.stringify(orderContentOf(current));
  if (!modified && to === from && same) return answer(current);
  const type = sending
    ? 'sent'
    : to === '050' && !caller.isSuperadmin
      ? 'cancelled'
      : to !== from
        ? 'status'
        : 'modified';
  // A status set by the provider's staff stands in for the warehouse's word: the timeline says it was an override.
  const details = type === 'status' ? { override: true } : {};
  const event = { type, actor: actorOf(caller), details };
  return answer(await commit(next, current, hooks, { event, modified: modified && from !== '000' }));
}

/** What the warehouse is told of an order's content (to know whether an edit changed it). */
const orderContentOf = (o: OrderItem) => ({
  ...storedContent(o),
  warehouseId: o.warehouse?.id ?? null,
  stocks: o.lines.map((l) => [l.stockId, l.ordered]),
});

/**
 * A client's cancellation (orderRules.cancellation): before the warehouse starts preparing, the order is cancelled
 * at once and its stock released; while it prepares, the warehouse is asked, and its answer cancels the order or
 * says why it goes on. A repeated request changes nothing.
 */
export async function cancelOrder(caller: Caller, id: string, hooks?: CommitHooks): Promise<Order> {
  const current = await visibleOrder(caller, id);
  const how = orderRules.cancellation(current.statusCode, current.fulfilment.cancellation === 'requested');
  if (current.statusCode === '050' || current.fulfilment.cancellation === 'requested') return answer(current);
  if (!how) throw new InvalidError({ statusCode: [MESSAGES.notModifiable] });
  const actor = actorOf(caller);
  if (how === 'now') {
    const next: OrderItem = { ...current, statusCode: '050' };
    return answer(await commit(next, current, hooks, { event: { type: 'cancelled', actor } }));
  }
  const next: OrderItem = {
    ...current,
    fulfilment: { ...current.fulfilment, cancellation: 'requested', reason: null },
  };
  return answer(await commit(next, current, hooks, { event: { type: 'cancellation_requested', actor } }));
}

/** The order's timeline, oldest first. */
export async function orderTimeline(caller: Caller, id: string) {
  return timeline('order', await visibleOrder(caller, id));
}

/** Deletes a draft, or (the superadmin) an order in any status, releasing what it holds. */
export async function deleteOrder(caller: Caller, id: string): Promise<void> {
  const current = await visibleOrder(caller, id);
  if (!orderRules.isDeletable(current.statusCode, caller)) throw new ForbiddenError();
  const seq = current.seq + 1;
  const at = clock.iso();
  const effects = orderEffects(current, {
    seq,
    at,
    from: current.statusCode,
    before: current.lines,
    to: 'deleted',
    after: [],
    shipped: null,
  });
  const { shortages } = await commitOrder({ ...current, seq, updatedAt: at }, current, {
    from: current.statusCode,
    before: current.lines,
    to: 'deleted',
    effects,
  });
  if (shortages.length) throw shortageError(current.lines, shortages);
}

/**
 * What the order's document shows, when its status has one (spec 2 §4): the order and the parties it names. The
 * document is written in the reader's language at the edge (orderDocuments/handler.ts, pdf.ts).
 */
export async function orderDocument(caller: Caller, id: string): Promise<{ order: Order; parties: DocumentParties }> {
  const order = await answer(await visibleOrder(caller, id));
  if (!orderRules.isPdfAvailable(order.statusCode)) throw new InvalidError({ statusCode: [MESSAGES.invalid] });
  const refs = await references();
  const companyLines = (c: CompanyItem | undefined) => {
    const a = (c?.address ?? {}) as Record<string, unknown>;
    return [a.street, [a.postcode, a.city].filter(Boolean).join(' ')].filter(Boolean).map(String);
  };
  const provider = [...refs.companies.values()].find((c) => c.code === PROVIDER_CODE);
  const owner = refs.companies.get(order.ownerId);
  return {
    order,
    parties: {
      provider: { name: provider?.name ?? 'Cellar', lines: companyLines(provider) },
      owner: { code: owner?.code ?? '', name: owner?.name ?? '', lines: companyLines(owner) },
    },
  };
}

/** The recipients' countries of the caller's orders (every company's for the superadmin), as ISO codes. */
export async function listCountries(caller: Caller): Promise<string[]> {
  const owners = caller.isSuperadmin ? [...(await references()).companies.keys()] : [caller.tenantId];
  return [...new Set((await mapBounded(owners, (o) => orderCountries(o))).flat())].sort();
}
