/**
 * The simulated warehouse of the local runtime: it reads the queue Cellar publishes on (shared/wms/contract.ts) as
 * the provider's warehouse system does in AWS, and plays the whole contract back on the reports queue, one step
 * every `stepMs` (warehouse-script.ts says what it reports, discrepancies included):
 *   order.transmitted             acknowledged, preparing, prepared, shipped
 *   order.modified                what it prepares and ships from then on
 *   order.cancellation_requested  confirmed before preparation starts (and the order stops), refused after
 *   reception.announced           arrived, received; modified: counted from then on; cancelled: it stops
 *   shipping_order.*              taken, nothing reported (the contract has no transport reports)
 * Like a real warehouse it ignores a message whose seq is not above the last it took for the document. What it is
 * doing lives in memory: a runtime restarted mid-way leaves those documents where they stood.
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { type CellarMessage, cellarMessage, type WmsReport } from '@cellar/shared/wms/contract';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { cancellationAnswer, orderReports, receptionReports, type ScriptOptions, stamped } from './warehouse-script';

export interface WarehouseOptions {
  sqs: SQSClient;
  eventsQueueUrl: string;
  /** The time between two steps of a document (acknowledged, preparing, prepared, shipped). */
  stepMs: number;
  /** How far it goes: every step, an order's acknowledgement only, or nothing (a test then reports itself). */
  plays?: 'all' | 'acknowledge' | 'none';
  /** The share of documents on which something goes wrong (0.2 by default). */
  discrepancies?: number;
}

/** Its report numbers and SSCC serials go on from the clock, so that a restarted runtime never repeats one. */
let seq = Date.now();
let serial = Math.floor(Date.now() / 1000) % 10_000_000;

interface Doing {
  /** The last seq taken of Cellar for the document. */
  told: number;
  /** The steps still to report. */
  timers: NodeJS.Timeout[];
  /** Whether preparation started (a cancellation is then refused). */
  preparing: boolean;
}

export function simulatedWarehouse(o: WarehouseOptions) {
  const doing = new Map<string, Doing>();
  const plays = o.plays ?? 'all';
  const script = (): ScriptOptions => ({ discrepancies: o.discrepancies ?? 0.2, nextSeq: () => ++seq, serial });
  const report = (r: WmsReport) =>
    o.sqs.send(new SendMessageCommand({ QueueUrl: o.eventsQueueUrl, MessageBody: JSON.stringify(r) }));

  /** Reports the steps one `stepMs` apart, dropping what was planned before. */
  const play = (d: Doing, reports: WmsReport[]) => {
    for (const t of d.timers) clearTimeout(t);
    // Acknowledging is an order's first step; a delivery has none (its first is its arrival, a physical fact).
    const steps =
      plays === 'all' ? reports : plays === 'acknowledge' ? reports.filter((r) => r.type === 'order.acknowledged') : [];
    d.timers = steps.map((r, i) =>
      setTimeout(
        () => {
          if (r.type === 'order.preparing') d.preparing = true;
          // Dated when it happens, as a warehouse dates what it reports.
          report(stamped(r, new Date())).catch(() => {});
        },
        o.stepMs * (i + 1),
      ),
    );
  };

  const take = (m: CellarMessage) => {
    const d = doing.get(m.documentId) ?? { told: 0, timers: [], preparing: false };
    if (m.seq <= d.told) return;
    d.told = m.seq;
    doing.set(m.documentId, d);
    switch (m.type) {
      case 'order.transmitted':
      case 'order.modified': {
        const reports = orderReports(m, script());
        serial += 1000;
        // A modification while preparing changes what is prepared, not the steps already reported.
        play(
          d,
          d.preparing ? reports.filter((r) => r.type === 'order.prepared' || r.type === 'order.shipped') : reports,
        );
        return;
      }
      case 'order.cancellation_requested': {
        if (plays === 'none') return;
        if (!d.preparing) play(d, []);
        report(cancellationAnswer(m, d.preparing, script())).catch(() => {});
        return;
      }
      case 'reception.announced':
      case 'reception.modified':
        play(d, receptionReports(m, script()));
        return;
      case 'reception.cancelled':
        play(d, []);
        return;
      default:
        return;
    }
  };

  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    for (const record of event.Records) {
      const parsed = cellarMessage.safeParse(JSON.parse(record.body));
      // What a warehouse cannot read it reports to no one: the test of the contract is Cellar's side.
      if (parsed.success) take(parsed.data);
    }
    return { batchItemFailures: [] };
  };
}
