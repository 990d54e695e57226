/**
 * What a warehouse does with what Cellar sends it, as the reports it sends back (shared/wms/contract.ts), for the
 * simulated warehouse of the local runtime (warehouse.ts) and the demo's seed. Pure: the same message, options and
 * clock give the same reports.
 *
 *   order.transmitted    acknowledged → preparing → prepared → shipped (packings, tracking, exit point)
 *   reception.announced  arrived → received
 * On a share of documents (chosen by their id, so the same ones every run) the warehouse does what real ones do:
 * an order line picked one bottle short; a reception with a bottle broken on arrival (counted as BLO), or a lot
 * delivered under another batch than announced.
 */
import { buildPackings } from '@cellar/functions/orders/packing';
import { type CellarMessage, WMS_CONTRACT_VERSION, type WmsReport } from '@cellar/shared/wms/contract';

type Of<T extends CellarMessage['type']> = Extract<CellarMessage, { type: T }>;

export interface ScriptOptions {
  /** The share of documents (0 to 1) on which something goes wrong. */
  discrepancies: number;
  /** The report's sequence number: each call gives a higher one. */
  nextSeq: () => number;
  /** The SSCC serial of the first carton of a shipment. */
  serial: number;
  /** When each report happens, called once per report (the seed spaces them; by default the clock). */
  now?: () => Date;
}

/** A number from 0 to 1 for a document id, the same every run. */
export function shareOf(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

const envelope = (documentId: string, type: string, o: ScriptOptions) => {
  const seq = o.nextSeq();
  return {
    messageId: `wms:${type}:${documentId}:${seq}`,
    version: WMS_CONTRACT_VERSION,
    documentId,
    seq,
    at: (o.now?.() ?? new Date()).toISOString(),
  };
};

/** A report dated `when`: its own date and the date of the fact it tells (a shipment, an arrival, a count). */
export function stamped(r: WmsReport, when: Date): WmsReport {
  const at = when.toISOString();
  switch (r.type) {
    case 'order.shipped':
      return { ...r, at, shippedAt: at };
    case 'reception.arrived':
      return { ...r, at, arrivedAt: at };
    case 'reception.received':
      return { ...r, at, receivedAt: at };
    default:
      return { ...r, at };
  }
}

const day = (d: Date, plus = 0) => new Date(d.getTime() + plus * 86_400_000).toISOString().slice(0, 10);

/** The carriers' tracking pages, by the carrier codes of the demo. */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  COLISSIMO: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}`,
  GEODIS: (n) => `https://geodis.com/fr/suivi?ref=${n}`,
  DHL: (n) => `https://www.dhl.com/fr-fr/home/suivi.html?tracking-id=${n}`,
};

/** What each line of an order is prepared at: one bottle short on the first line of an unlucky order. */
export function preparedLines(m: Of<'order.transmitted'> | Of<'order.modified'>, o: ScriptOptions) {
  const short = shareOf(m.documentId) < o.discrepancies;
  return m.lines.map((l, i) => ({
    lineId: l.lineId,
    quantity: short && i === 0 && l.ordered > 1 ? l.ordered - 1 : l.ordered,
  }));
}

/** The reports of an order from its acknowledgement to its shipment, in order. */
export function orderReports(m: Of<'order.transmitted'> | Of<'order.modified'>, o: ScriptOptions): WmsReport[] {
  const now = o.now?.() ?? new Date();
  const lines = preparedLines(m, o);
  const packings = buildPackings(
    m.lines.map((l, i) => ({
      productCode: l.productCode,
      label: l.label,
      pcb: l.pcb,
      batch: l.batch,
      quantity: lines[i]?.quantity ?? 0,
    })),
    o.serial,
  );
  const tracking = `${m.carrierCode ?? 'CEL'}${String(o.serial).padStart(10, '0')}`.slice(0, 30);
  const page = m.carrierCode ? TRACKING_PAGES[m.carrierCode] : undefined;
  return [
    { type: 'order.acknowledged', ...envelope(m.documentId, 'order.acknowledged', o) },
    {
      type: 'order.preparing',
      ...envelope(m.documentId, 'order.preparing', o),
      preparationDate: day(now),
      appointmentDate: m.segment === 'B2B' ? day(now, 1) : null,
    },
    { type: 'order.prepared', ...envelope(m.documentId, 'order.prepared', o), lines },
    {
      type: 'order.shipped',
      ...envelope(m.documentId, 'order.shipped', o),
      shippedAt: now.toISOString(),
      carrierCode: m.carrierCode,
      trackingNumbers: [{ number: tracking, url: page ? page(tracking) : null }],
      exitPoint: 'Quai 3',
      supportType: 'CARTON',
      packings,
      lines,
      exciseDocument: m.segment === 'B2B' ? `26FR${String(o.serial).padStart(9, '0')}`.slice(0, 21) : null,
    },
    // Each fact on the date of its own report.
  ].map((r) => stamped(r as WmsReport, new Date(r.at)));
}

/** The warehouse's answer to a cancellation: confirmed while it has not started preparing, else refused. */
export function cancellationAnswer(
  m: Of<'order.cancellation_requested'>,
  preparing: boolean,
  o: ScriptOptions,
): WmsReport {
  return preparing
    ? {
        type: 'order.cancellation_refused',
        ...envelope(m.documentId, 'order.cancellation_refused', o),
        reason: 'Préparation commencée : la commande part.',
      }
    : { type: 'order.cancellation_confirmed', ...envelope(m.documentId, 'order.cancellation_confirmed', o) };
}

/**
 * The reports of a delivery: its arrival, then its count. An unlucky one has a bottle broken on its first line
 * (counted apart as BLO) or, when that lot has a batch, its second line delivered under another batch.
 */
export function receptionReports(
  m: Of<'reception.announced'> | Of<'reception.modified'>,
  o: ScriptOptions,
): WmsReport[] {
  const now = o.now?.() ?? new Date();
  const unlucky = shareOf(m.documentId) < o.discrepancies;
  const lots = m.lines.flatMap((l, i) => {
    const lot = { lineId: l.lineId, quality: l.quality, batch: l.batch, ubd: l.ubd, bbd: l.bbd, note: null };
    if (unlucky && i === 0 && l.expected > 1) {
      return [
        { ...lot, quantity: l.expected - 1 },
        { ...lot, quality: 'BLO', quantity: 1, note: 'Bouteille cassée à la réception' },
      ];
    }
    if (unlucky && i === 1 && l.batch) {
      return [
        { ...lot, batch: `${l.batch}B`.slice(0, 50), quantity: l.expected, note: 'Lot livré sous un autre numéro' },
      ];
    }
    return [{ ...lot, quantity: l.expected }];
  });
  return [
    { type: 'reception.arrived', ...envelope(m.documentId, 'reception.arrived', o), arrivedAt: now.toISOString() },
    {
      type: 'reception.received',
      ...envelope(m.documentId, 'reception.received', o),
      receivedAt: now.toISOString(),
      lots,
    },
  ].map((r) => stamped(r as WmsReport, new Date(r.at)));
}
