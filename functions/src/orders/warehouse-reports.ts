/**
 * What the warehouse reports of an order (shared/wms/contract.ts), applied once and in its order: a report whose
 * `seq` is not above the last applied (`wmsSeq`) changes nothing, so a duplicate, or a report overtaken by a later
 * one, is harmless; an overtaken one is still recorded in the timeline, at its date, once (what it says happened).
 * A report is a fact: what it says left the warehouse leaves the stock, even where the line is short. Each report is an event of the order's timeline, and answers what Cellar asked (the outbox entry goes).
 *
 *   acknowledged            005 → 010
 *   refused                 005, 010 → 050 (stock released), the reason kept
 *   preparing               → 020, preparation and appointment dates
 *   prepared                → 040, each line's prepared quantity: a short pick releases the difference
 *   shipped                 → 070 from any status but draft (the goods left), output movements of the shipped
 *                           quantities, tracking numbers, exit point, packings; once: a shipment or preparation
 *                           told of a shipped order is kept in its timeline as received late, changing nothing
 *   cancellation_confirmed  → 050 (stock released), unless already shipped
 *   cancellation_refused    the request is refused with its reason; an order cancelled at once in Cellar comes back
 *                           to the status the warehouse reached
 * A report never takes an order back (a late `preparing` leaves a prepared order prepared), and a draft is not
 * the warehouse's.
 */
import type { OrderStatusCode } from '@cellar/shared/orders/schemas';
import { isNotifiedEvent, type NotifiedEvent } from '@cellar/shared/users/schemas';
import { isNews, type WmsReport } from '@cellar/shared/wms/contract';
import { InvalidReportError, StaleVersionError } from '../errors';
import { notificationKey, notificationPut, notifyNow } from '../notifications/status-mail';
import { answered } from '../outbox/outbox';
import { recordLateReport, reportEventId, WAREHOUSE_ACTOR } from '../timeline/repository';
import { type ClientEvent, clientEventId, clientEventPut, handOutNow, hasEndpoints } from '../webhooks/events';
import { findOrder, type OrderItem, type OrderLineItem } from './repository';
import { commit } from './service';
import { settleOrder } from './settle';

export type OrderReport = Extract<WmsReport, { type: `order.${string}` }>;

const PROGRESS: readonly string[] = ['005', '010', '020', '030', '040', '070'];

/** The status a report of progress leads to: never back, and never out of a draft or a cancellation. */
function progress(o: OrderItem, to: OrderStatusCode): OrderStatusCode {
  if (o.statusCode === '000' || o.statusCode === '050') return o.statusCode;
  return PROGRESS.indexOf(to) > PROGRESS.indexOf(o.statusCode) ? to : o.statusCode;
}

/** The lines with the quantities the warehouse reports, by line id; a line it leaves out counts 0. */
function withQuantities(o: OrderItem, reported: readonly { lineId: string; quantity: number }[]): OrderLineItem[] {
  const byLine = new Map<string, number>();
  for (const r of reported) {
    const line = o.lines.find((l) => l.id === r.lineId);
    if (!line) throw new InvalidReportError(`Order ${o.id} has no line ${r.lineId}`);
    const total = (byLine.get(r.lineId) ?? 0) + r.quantity;
    if (total > line.ordered) throw new InvalidReportError(`Line ${r.lineId} of order ${o.id}: ${total} > ordered`);
    byLine.set(r.lineId, total);
  }
  return o.lines.map((l) => ({ ...l, prepared: byLine.get(l.id) ?? 0 }));
}

/** Where an order cancelled at once in Cellar stands when the warehouse says it goes on. */
const reached = (o: OrderItem): OrderStatusCode =>
  o.lines.some((l) => l.prepared !== null) ? '040' : o.preparationDate ? '020' : '010';

/** The order after a report (pure); its `wmsSeq` is the report's. */
export function afterReport(o: OrderItem, r: OrderReport): OrderItem {
  const base: OrderItem = { ...o, wmsSeq: r.seq };
  const f = o.fulfilment;
  switch (r.type) {
    case 'order.acknowledged':
      return { ...base, statusCode: progress(o, '010') };
    case 'order.refused':
      return o.statusCode === '005' || o.statusCode === '010'
        ? { ...base, statusCode: '050', fulfilment: { ...f, cancellation: null, reason: r.reason } }
        : base;
    case 'order.preparing':
      return {
        ...base,
        statusCode: progress(o, '020'),
        preparationDate: r.preparationDate,
        appointmentDate: r.appointmentDate ?? o.appointmentDate,
      };
    case 'order.prepared':
      return { ...base, statusCode: progress(o, '040'), lines: withQuantities(o, r.lines) };
    case 'order.shipped':
      if (o.statusCode === '000') return base;
      return {
        ...base,
        statusCode: '070',
        lines: withQuantities(o, r.lines),
        exitPoint: r.exitPoint,
        packings: r.packings,
        supportType: r.supportType,
        supportNumber: r.packings.length,
        shippingTrackingId: r.trackingNumbers[0]?.number ?? null,
        fulfilment: {
          ...f,
          cancellation: f.cancellation === 'requested' ? 'refused' : f.cancellation,
          trackingNumbers: r.trackingNumbers,
          shippedAt: r.shippedAt,
          exciseDocument: r.exciseDocument,
        },
      };
    case 'order.cancellation_confirmed':
      return {
        ...base,
        statusCode: o.statusCode === '070' || o.statusCode === '000' ? o.statusCode : '050',
        fulfilment: { ...f, cancellation: null },
      };
    case 'order.cancellation_refused':
      return {
        ...base,
        statusCode: o.statusCode === '050' ? reached(o) : o.statusCode,
        fulfilment: { ...f, cancellation: 'refused', reason: r.reason },
      };
  }
}

/** What the timeline keeps of a report. */
function detailsOf(o: OrderItem, r: OrderReport): Record<string, unknown> {
  switch (r.type) {
    case 'order.refused':
    case 'order.cancellation_refused':
      return { reason: r.reason };
    case 'order.preparing':
      return { preparationDate: r.preparationDate, appointmentDate: r.appointmentDate };
    case 'order.prepared':
    case 'order.shipped': {
      const lines = withQuantities(o, r.lines);
      const short = lines
        .filter((l) => (l.prepared ?? 0) < l.ordered)
        .map((l) => ({ productCode: l.productCode, batch: l.batch, ordered: l.ordered, prepared: l.prepared ?? 0 }));
      if (r.type === 'order.prepared') return { short };
      return {
        short,
        trackingNumbers: r.trackingNumbers,
        carrierCode: r.carrierCode,
        exitPoint: r.exitPoint,
        packings: r.packings.length,
        exciseDocument: r.exciseDocument,
      };
    }
    default:
      return {};
  }
}

/**
 * What a client's systems hear of a report that moved the order (webhooks/events.ts): the event, or none (a
 * report of progress the client's webhooks do not carry, or one that moved nothing).
 */
function clientEvent(
  o: OrderItem,
  next: OrderItem,
  r: OrderReport,
  details: Record<string, unknown>,
): ClientEvent | undefined {
  if (next.statusCode === o.statusCode) return undefined;
  const order = { id: o.id, reference: o.reference ?? null, statusCode: next.statusCode };
  const base = { ownerId: o.ownerId, kind: 'order' as const, documentId: o.id, seq: r.seq, at: factDate(r) };
  switch (r.type) {
    case 'order.acknowledged':
      return { ...base, type: 'order.acknowledged', data: { order } };
    case 'order.prepared':
      return { ...base, type: 'order.prepared', data: { order, short: details.short } };
    case 'order.shipped':
      return {
        ...base,
        type: 'order.shipped',
        data: {
          order,
          shippedAt: r.shippedAt,
          carrierCode: r.carrierCode,
          trackingNumbers: r.trackingNumbers,
          short: details.short,
        },
      };
    case 'order.refused':
    case 'order.cancellation_confirmed':
      return {
        ...base,
        type: 'order.cancelled',
        data: { order, reason: r.type === 'order.refused' ? r.reason : null },
      };
    default:
      return undefined;
  }
}

/** The reports that say nothing new of an order once shipped. */
const AFTER_SHIPPING_CHANGES_NOTHING: ReadonlySet<OrderReport['type']> = new Set(['order.shipped', 'order.prepared']);

/** The date of the fact a report tells (a shipment's output movements carry it). */
const factDate = (r: OrderReport) => (r.type === 'order.shipped' ? r.shippedAt : r.at);

/** What a report answers of what Cellar asked: those outbox entries go. */
const ANSWERS: Record<OrderReport['type'], readonly ('order.transmitted' | 'order.cancellation_requested')[]> = {
  'order.acknowledged': ['order.transmitted'],
  'order.refused': ['order.transmitted', 'order.cancellation_requested'],
  'order.preparing': ['order.transmitted'],
  'order.prepared': ['order.transmitted'],
  'order.shipped': ['order.transmitted', 'order.cancellation_requested'],
  'order.cancellation_confirmed': ['order.transmitted', 'order.cancellation_requested'],
  'order.cancellation_refused': ['order.cancellation_requested'],
};

/**
 * Applies a report to its order: `applied`, `stale` (a duplicate or overtaken: nothing changed) or `unknown` (no
 * such order: the report is kept by its queue, then its dead-letter queue).
 */
export async function applyOrderReport(r: OrderReport): Promise<'applied' | 'stale' | 'unknown'> {
  for (let tries = 0; tries < 10; tries++) {
    const found = await findOrder(r.documentId);
    const o = found && (await settleOrder(found)).order;
    if (!o) return 'unknown';
    // Overtaken, or a shipment or preparation told of an order already shipped (the goods left once): kept in the
    // timeline as received late, changing nothing.
    if (!isNews(r, o.wmsSeq) || (o.statusCode === '070' && AFTER_SHIPPING_CHANGES_NOTHING.has(r.type))) {
      await recordLateReport('order', o, r, factDate(r));
      return 'stale';
    }
    const next = afterReport(o, r);
    const details = detailsOf(o, r);
    // The client hears by e-mail of what the report changed (a report that moved nothing says nothing new).
    const told =
      isNotifiedEvent(r.type) && (next.statusCode !== o.statusCode || r.type === 'order.cancellation_refused');
    // And its systems, through their webhooks.
    const event = clientEvent(o, next, r, details);
    const heard = event && (await hasEndpoints(o.ownerId)) ? event : undefined;
    try {
      await commit(
        next,
        o,
        {},
        {
          facts: true,
          at: factDate(r),
          event: { id: reportEventId(r.seq), type: r.type, actor: WAREHOUSE_ACTOR, details },
          extra: [
            ...(told ? [notificationPut('order', o, r.type as NotifiedEvent, r.seq, details)] : []),
            ...(heard ? [clientEventPut(heard)] : []),
          ],
        },
      );
    } catch (e) {
      if (e instanceof StaleVersionError) continue;
      throw e;
    }
    for (const type of ANSWERS[r.type]) await answered('order', o.id, type);
    if (told) await notifyNow(notificationKey('order', o.id, r.type, r.seq));
    if (heard) await handOutNow(clientEventId(heard));
    return 'applied';
  }
  throw new Error(`Order ${r.documentId} kept moving`);
}
