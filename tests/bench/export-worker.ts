/**
 * The export worker in a process of its own, as Lambda runs it, for the export benchmark: its resident memory is
 * sampled every 20 ms while it works, apart from the runtime's emulators. Two modes:
 *   export <job id>  runs the worker on a recorded job (`runExport`), the file streamed to the exports bucket
 *   raw <owner id>   reads the same list's query pages the export reads (its plan's way in), dropping each page
 * It prints one JSON line: { rows, ms, startRss, peakRss, outcome }. The runtime's environment is inherited.
 */
import { routes } from '@cellar/shared/routes/table';
import { callerFor } from '../../functions/src/caller/principal';
import { ways } from '../../functions/src/data/list';
import { queryPages } from '../../functions/src/data/table';
import { EXPORTS } from '../../functions/src/exports/exporters';
import { findExport } from '../../functions/src/exports/jobs';
import { exportQuery } from '../../functions/src/exports/service';
import { runExport } from '../../functions/src/exports/worker';

const [mode, id] = process.argv.slice(2) as ['export' | 'raw', string];

/** The raw rate: the export's own query pages, read and dropped. */
async function rawPages(ownerId: string): Promise<number> {
  const caller = await callerFor(`U-${ownerId}`, undefined);
  if (!caller) throw new Error(`No bench user for ${ownerId}`);
  const query = exportQuery(routes.stockMovementList, '', 'csv');
  const { plan } = await EXPORTS.stockMovementList(caller, query);
  const final = ways(plan, plan.sort[0] ?? plan.keySort).at(-1);
  if (!final) throw new Error('No way into the list');
  let rows = 0;
  for await (const page of queryPages(final.source)) rows += page.length;
  return rows;
}

global.gc?.();
const startRss = process.memoryUsage.rss();
let peakRss = startRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 20);
const started = performance.now();
let rows: number;
let outcome = 'read';
if (mode === 'raw') rows = await rawPages(id);
else {
  outcome = await runExport(id);
  rows = (await findExport(id))?.rows ?? 0;
}
const ms = performance.now() - started;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage.rss());
console.log(JSON.stringify({ rows, ms, startRss, peakRss, outcome }));
process.exit(0);
