/**
 * What the warehouse reports of a reception (shared/wms/contract.ts), applied once and in its order: a report whose
 * `seq` is not above the last applied (`wmsSeq`) changes nothing (an overtaken one is recorded in the timeline, at
 * its date, once). A count is a fact: it enters the stock as counted, and the differences from the notice stay on
 * the reception (each line's expected and received quantities; a lot found that was not announced is a line of its
 * own, expected 0). Each report is an event of the timeline.
 *
 *   arrived   001 → 100, when
 *   received  001, 100 → 200: each announced line receives what was counted of its lot; a lot counted under
 *             another batch, dates or quality (BLO, NCO: damaged, not sellable) goes to that lot's stock line
 *             (found, or created); a line nothing was counted of receives 0
 */
import { isNews, type WmsReport } from '@cellar/shared/wms/contract';
import { newId } from '../data/ids';
import { InvalidReportError, StaleVersionError } from '../errors';
import { notificationKey, notificationPut, notifyNow } from '../notifications/status-mail';
import { answered } from '../outbox/outbox';
import { findProduct } from '../products/repository';
import { lotLine, normalLot } from '../stocks/lots';
import { productOfLine } from '../stocks/repository';
import { recordLateReport, reportEventId, WAREHOUSE_ACTOR } from '../timeline/repository';
import { type ClientEvent, clientEventId, clientEventPut, handOutNow, hasEndpoints } from '../webhooks/events';
import { findReception, type ReceptionItem, type ReceptionLineItem } from './repository';
import { commit } from './service';
import { settleReception } from './settle';

export type ReceptionReport = Extract<WmsReport, { type: `reception.${string}` }>;
type Received = Extract<ReceptionReport, { type: 'reception.received' }>;

const lotOf = (l: { quality: string; batch: string | null; ubd: string | null; bbd: string | null }) =>
  JSON.stringify([l.quality, l.batch?.trim() || null, l.ubd || null, l.bbd || null]);

/**
 * The lines once counted: the announced lines with what was counted of their own lot, then a line per other lot
 * found (its stock line found or created by its natural key).
 */
async function countedLines(r: ReceptionItem, report: Received): Promise<ReceptionLineItem[]> {
  const lines: ReceptionLineItem[] = r.lines.map((l) => ({ ...l, received: 0, note: null }));
  const notes = (l: ReceptionLineItem, note: string | null) =>
    note ? [l.note, note].filter(Boolean).join(' · ') : l.note;
  for (const lot of report.lots) {
    const announced = lines.find((l) => l.id === lot.lineId && l.expected > 0);
    if (!announced) throw new InvalidReportError(`Reception ${r.id} has no line ${lot.lineId}`);
    if (lotOf(lot) === lotOf(announced)) {
      announced.received = (announced.received ?? 0) + lot.quantity;
      announced.note = notes(announced, lot.note);
      continue;
    }
    const product = await findProduct(announced.productId);
    if (!product) throw new InvalidReportError(`Product ${announced.productCode} is gone`);
    const stockId = await lotLine(
      normalLot({
        ownerId: r.ownerId,
        productId: product.id,
        productCode: product.code,
        warehouseId: r.warehouse.id,
        segment: r.segment,
        quality: lot.quality,
        batch: lot.batch,
        ubd: lot.ubd,
        bbd: lot.bbd,
      }),
      productOfLine(product),
    );
    const same = lines.find((l) => l.stockId === stockId);
    if (same) {
      same.received = (same.received ?? 0) + lot.quantity;
      same.note = notes(same, lot.note);
      continue;
    }
    lines.push({
      id: newId(),
      position: lines.length + 1,
      stockId,
      productId: product.id,
      productCode: product.code,
      productLabel: announced.productLabel,
      quality: lot.quality,
      batch: lot.batch?.trim() || null,
      ubd: lot.ubd,
      bbd: lot.bbd,
      expected: 0,
      received: lot.quantity,
      note: lot.note,
    });
  }
  return lines;
}

/** What the timeline keeps of a count: each line that differs from its notice. */
const differences = (lines: readonly ReceptionLineItem[]) =>
  lines
    .filter((l) => (l.received ?? 0) !== l.expected)
    .map((l) => ({
      productCode: l.productCode,
      quality: l.quality,
      batch: l.batch,
      expected: l.expected,
      received: l.received ?? 0,
    }));

/** What a client's systems hear, through their webhooks, of a count that closed the reception. */
const heard = (
  r: ReceptionItem,
  report: ReceptionReport,
  at: string,
  details: Record<string, unknown>,
): ClientEvent => ({
  type: 'reception.received',
  ownerId: r.ownerId,
  kind: 'reception',
  documentId: r.id,
  seq: report.seq,
  at,
  data: {
    reception: { id: r.id, reference: r.reference ?? null, statusCode: '200' },
    differences: details.differences,
  },
});

/** When what a report says happened: the arrival, or the count. */
const factDate = (r: ReceptionReport) => (r.type === 'reception.arrived' ? r.arrivedAt : r.receivedAt);

/**
 * Applies a report to its reception: `applied`, `stale` (a duplicate or overtaken: nothing changed) or `unknown`
 * (no such reception: the report is kept by its queue, then its dead-letter queue).
 */
export async function applyReceptionReport(report: ReceptionReport): Promise<'applied' | 'stale' | 'unknown'> {
  for (let tries = 0; tries < 10; tries++) {
    const found = await findReception(report.documentId);
    const r = found && (await settleReception(found));
    if (!r) return 'unknown';
    if (!isNews(report, r.wmsSeq)) {
      await recordLateReport('reception', r, report, factDate(report));
      return 'stale';
    }
    let next: ReceptionItem = { ...r, wmsSeq: report.seq };
    let details: Record<string, unknown> = {};
    let at = report.at;
    if (report.type === 'reception.arrived') {
      next = { ...next, arrivedAt: report.arrivedAt, statusCode: r.statusCode === '001' ? '100' : r.statusCode };
      at = factDate(report);
    } else if (r.statusCode === '001' || r.statusCode === '100') {
      const lines = await countedLines(r, report);
      next = { ...next, statusCode: '200', lines, arrivedAt: r.arrivedAt ?? report.receivedAt };
      details = { differences: differences(lines) };
      at = factDate(report);
    }
    // The client hears by e-mail of a count that closed the reception.
    const told = report.type === 'reception.received' && next.statusCode !== r.statusCode;
    const hooked = told && (await hasEndpoints(r.ownerId));
    try {
      await commit(
        next,
        r,
        {},
        {
          facts: true,
          at,
          event: { id: reportEventId(report.seq), type: report.type, actor: WAREHOUSE_ACTOR, details },
          extra: [
            ...(told ? [notificationPut('reception', r, 'reception.received', report.seq, details)] : []),
            ...(hooked ? [clientEventPut(heard(r, report, at, details))] : []),
          ],
        },
      );
    } catch (e) {
      if (e instanceof StaleVersionError) continue;
      throw e;
    }
    await answered('reception', r.id, 'reception.announced');
    if (told) await notifyNow(notificationKey('reception', r.id, report.type, report.seq));
    if (hooked) await handOutNow(clientEventId({ kind: 'reception', documentId: r.id, seq: report.seq }));
    return 'applied';
  }
  throw new Error(`Reception ${report.documentId} kept moving`);
}
