/**
 * The simulated warehouse of the local runtime: it reads the queue Cellar publishes on (shared/wms/contract.ts) as
 * the provider's warehouse system does in AWS, and plays the whole contract back on the reports queue, one step
 * every `stepMs` (warehouse-script.ts says what it reports, discrepancies included):
 *   order.transmitted             acknowledged, preparing, prepared, shipped
 *   order.modified                what it prepares and ships from then on
 *   order.cancellation_requested  confirmed before preparation starts (and the order stops), refused after
 *   reception.announced           arrived, received; modified: counted from then on; cancelled: it stops
 *   shipping_order.*              taken, nothing reported (the contract has no transport reports)
 * Like a real warehouse it ignores a message whose seq is not above the last it took for the document. Like a real
 * one it keeps what it is doing on disk (`stateFile`, written whole after each change): a runtime restarted mid-way
 * goes on with each document's remaining steps, a step that fell due while it was down reported at once.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  /** Where it keeps what it is doing across restarts (none: in memory only). */
  stateFile?: string;
}

/** Its report numbers and SSCC serials go on from the clock, so that a restarted runtime never repeats one. */
let seq = Date.now();
let serial = Math.floor(Date.now() / 1000) % 10_000_000;

/** A step still to report, and when (epoch ms). */
interface Planned {
  report: WmsReport;
  dueAt: number;
}

interface Doing {
  /** The last seq taken of Cellar for the document. */
  told: number;
  /** The steps still to report, in order. */
  planned: Planned[];
  /** Whether preparation started (a cancellation is then refused). */
  preparing: boolean;
}

/** Documents remembered once played out (to ignore a late repeat of what Cellar sent): the most recent ones. */
const REMEMBERED = 5_000;

export function simulatedWarehouse(o: WarehouseOptions) {
  const doing = new Map<string, Doing>(
    o.stateFile && existsSync(o.stateFile) ? JSON.parse(readFileSync(o.stateFile, 'utf8')) : [],
  );
  const timers = new Map<string, NodeJS.Timeout[]>();
  const plays = o.plays ?? 'all';
  const script = (): ScriptOptions => ({ discrepancies: o.discrepancies ?? 0.2, nextSeq: () => ++seq, serial });
  const report = (r: WmsReport) =>
    o.sqs.send(new SendMessageCommand({ QueueUrl: o.eventsQueueUrl, MessageBody: JSON.stringify(r) }));

  /** Writes what it is doing whole (a new file renamed over the old: a crash leaves one or the other). */
  const keep = () => {
    if (!o.stateFile) return;
    try {
      writeFileSync(`${o.stateFile}.next`, JSON.stringify([...doing]));
      renameSync(`${o.stateFile}.next`, o.stateFile);
    } catch {
      // The runtime stopped and its data went (a test's, a bench's): there is nothing left to keep it for.
    }
  };

  /** Sets the clock for a document's remaining steps; each one reported is crossed off. */
  const schedule = (id: string, d: Doing) => {
    for (const t of timers.get(id) ?? []) clearTimeout(t);
    timers.set(
      id,
      d.planned.map((p) =>
        setTimeout(
          () => {
            d.planned = d.planned.filter((q) => q !== p);
            if (p.report.type === 'order.preparing') d.preparing = true;
            keep();
            // Dated when it happens, as a warehouse dates what it reports.
            report(stamped(p.report, new Date())).catch(() => {});
          },
          Math.max(0, p.dueAt - Date.now()),
        ),
      ),
    );
  };
  for (const [id, d] of doing) if (d.planned.length) schedule(id, d);

  /** Plans the steps one `stepMs` apart, dropping what was planned before. */
  const play = (id: string, d: Doing, reports: WmsReport[]) => {
    // Acknowledging is an order's first step; a delivery has none (its first is its arrival, a physical fact).
    const steps =
      plays === 'all' ? reports : plays === 'acknowledge' ? reports.filter((r) => r.type === 'order.acknowledged') : [];
    const now = Date.now();
    d.planned = steps.map((report, i) => ({ report, dueAt: now + o.stepMs * (i + 1) }));
    schedule(id, d);
    keep();
  };

  const take = (m: CellarMessage) => {
    const d = doing.get(m.documentId) ?? { told: 0, planned: [], preparing: false };
    if (m.seq <= d.told) return;
    d.told = m.seq;
    // Most recent last: the forgotten ones are the oldest.
    doing.delete(m.documentId);
    doing.set(m.documentId, d);
    for (const [id, old] of doing) {
      if (doing.size <= REMEMBERED) break;
      if (old.planned.length === 0) doing.delete(id);
    }
    switch (m.type) {
      case 'order.transmitted':
      case 'order.modified': {
        const reports = orderReports(m, script());
        serial += 1000;
        // A modification while preparing changes what is prepared, not the steps already reported.
        play(
          m.documentId,
          d,
          d.preparing ? reports.filter((r) => r.type === 'order.prepared' || r.type === 'order.shipped') : reports,
        );
        return;
      }
      case 'order.cancellation_requested': {
        if (plays === 'none') return keep();
        if (!d.preparing) play(m.documentId, d, []);
        else keep();
        report(cancellationAnswer(m, d.preparing, script())).catch(() => {});
        return;
      }
      case 'reception.announced':
      case 'reception.modified':
        play(m.documentId, d, receptionReports(m, script()));
        return;
      case 'reception.cancelled':
        play(m.documentId, d, []);
        return;
      default:
        keep();
        return;
    }
  };

  return {
    /** The queue's worker: what Cellar sends, taken and played. */
    handler: async (event: SQSEvent): Promise<SQSBatchResponse> => {
      for (const record of event.Records) {
        const parsed = cellarMessage.safeParse(JSON.parse(record.body));
        // What a warehouse cannot read it reports to no one: the test of the contract is Cellar's side.
        if (parsed.success) take(parsed.data);
      }
      return { batchItemFailures: [] };
    },
    /**
     * Drops the steps planned (its state file keeps them for the next start): a stopped runtime's warehouse reports
     * nothing to queues that are gone, or to the next runtime of the same process.
     */
    stop() {
      for (const planned of timers.values()) for (const t of planned) clearTimeout(t);
      timers.clear();
    },
  };
}
