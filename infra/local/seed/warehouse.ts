/**
 * The simulated warehouse's part in the demo: its reports, numbered and dated a few minutes apart, applied as the
 * warehouse worker applies them when they arrive.
 */
import { applyReport } from '@cellar/functions/wms/worker';
import { clock } from '@cellar/shared/common/clock';
import type { WmsReport } from '@cellar/shared/wms/contract';
import type { ScriptOptions } from '../warehouse-script';

/** The warehouse's numbering of its reports in the demo (any increasing number will do). */
let reportSeq = 0;
/** The demo's reports, `stepMs` apart (7 minutes unless told), the fourth at the clock's now: timelines read in order. */
export const script = (discrepancies: number, serial: number, stepMs = 7 * 60_000): ScriptOptions => {
  let at = clock.now().getTime() - 4 * stepMs;
  const now = () => {
    at += stepMs;
    return new Date(at);
  };
  return { discrepancies, nextSeq: () => ++reportSeq, serial, now };
};

/** When a document's reports are applied (`within`: at the instant it sets), and how far apart they are dated. */
export interface Later {
  within: <T>(work: () => Promise<T>) => Promise<T>;
  stepMs?: number;
}

/** The reports applied at once, minutes apart: the demo's documents of today. */
export const now: Later = { within: (work) => work() };

/** Applies the first `n` of a document's reports, as the warehouse worker does when they arrive. */
export async function report(reports: readonly WmsReport[], n: number) {
  for (const r of reports.slice(0, n)) await applyReport(r);
}
