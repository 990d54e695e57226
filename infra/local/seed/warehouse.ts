/**
 * The simulated warehouse's part in the demo: its reports, numbered and dated a few minutes apart, applied as the
 * warehouse worker applies them when they arrive.
 */
import { applyReport } from '@cellar/functions/wms/worker';
import type { WmsReport } from '@cellar/shared/wms/contract';
import type { ScriptOptions } from '../warehouse-script';

/** The warehouse's numbering of its reports in the demo (any increasing number will do). */
let reportSeq = 0;
/** The demo's reports, a few minutes apart, ending now: each timeline reads in order. */
export const script = (discrepancies: number, serial: number): ScriptOptions => {
  let at = Date.now() - 4 * 7 * 60_000;
  const now = () => {
    at += 7 * 60_000;
    return new Date(at);
  };
  return { discrepancies, nextSeq: () => ++reportSeq, serial, now };
};

/** Applies the first `n` of a document's reports, as the warehouse worker does when they arrive. */
export async function report(reports: readonly WmsReport[], n: number) {
  for (const r of reports.slice(0, n)) await applyReport(r);
}
