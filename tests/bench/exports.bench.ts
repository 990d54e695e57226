/**
 * Benchmark: background exports of one owner's stock movements, 100,000 and 1,000,000 rows, every column, CSV and
 * XLSX. The movements are written straight into the emulator in batches; then, for each size, in a process of its
 * own (tests/bench/export-worker.ts):
 *   - the emulator's raw Query rate: the pages the export reads (its plan's way in, 1,000 items a page), dropped
 *   - the worker on a recorded job of each format: rows/s, and its resident memory sampled every 20 ms, from its
 *     start (modules loaded) to its peak, with the file streamed into the exports bucket (a multipart upload)
 * Printed as a table; the job's rows are checked against the size, the file's length read from the bucket.
 * Run: npm run bench:exports  (generates its data in a throw-away directory; EXPORT_BENCH_SIZES=100000 for one size;
 * EXPORT_WORKER_HEAP_MB=96 caps the worker's V8 heap: an export whose memory grew with its rows would then fail)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportFormat } from '@cellar/shared/filter/query';
import { config } from '../../functions/src/config/config';
import { findExport, newExportJob, saveExport } from '../../functions/src/exports/jobs';
import { getObject } from '../../functions/src/platform/files/objects';
import { startRuntime } from '../../infra/local/runtime';
import { seedMovements } from './seed-movements';

const SIZES = (process.env.EXPORT_BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const ROOT = join(import.meta.dirname, '../..');
const HEAP_MB = process.env.EXPORT_WORKER_HEAP_MB;

interface Run {
  rows: number;
  ms: number;
  startRss: number;
  peakRss: number;
  outcome: string;
}

/** Runs the worker process in `mode` and answers what it printed. */
function worker(env: Record<string, string>, mode: 'raw' | 'export', id: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const heap = HEAP_MB ? [`--max-old-space-size=${HEAP_MB}`] : [];
    const child = spawn(process.execPath, [...heap, '--import', 'tsx', 'tests/bench/export-worker.ts', mode, id], {
      cwd: ROOT,
      env: { ...process.env, ...env, POWERTOOLS_LOG_LEVEL: 'SILENT' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`The worker exited with ${code}: ${out}`));
      else resolve(JSON.parse(line) as Run);
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (r: Run) => r.rows / (r.ms / 1000);

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  const lines = [
    '| rows | file | raw Query (rows/s) | export (rows/s) | export / raw | export time | file size | worker RSS: start → peak |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const n of SIZES) {
    let t = performance.now();
    const { ownerId } = await seedMovements(`B${n}`, n);
    console.log(`  ${n.toLocaleString('en')} movements written in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    // The raw rate of the same queries, read just before the exports, in the same conditions.
    const raw = await worker(runtime.env, 'raw', ownerId);
    if (raw.rows !== n) throw new Error(`The raw read found ${raw.rows} rows of ${n}`);
    for (const format of ['csv', 'xlsx'] as ExportFormat[]) {
      const id = `BENCH-${format}-${n}-${Date.now()}`;
      await saveExport(
        newExportJob({
          id,
          userId: `U-${ownerId}`,
          actorId: null,
          route: 'stockMovementList',
          query: '',
          lang: 'fr',
          format,
        }),
      );
      t = performance.now();
      const run = await worker(runtime.env, 'export', id);
      const job = await findExport(id);
      if (job?.status !== 'done' || job.rows !== n) throw new Error(`Export ${job?.status}: ${job?.rows} rows of ${n}`);
      const file = await getObject({ Bucket: config.exportBucket, Key: job.key ?? '' });
      lines.push(
        `| ${n.toLocaleString('en')} | ${format.toUpperCase()} | ${rate(raw).toFixed(0)} | ${rate(run).toFixed(0)} | ${(rate(run) / rate(raw)).toFixed(2)} | ${(run.ms / 1000).toFixed(0)} s | ${mb(file.ContentLength ?? 0)} | ${mb(run.startRss)} → ${mb(run.peakRss)} |`,
      );
      console.log(lines.at(-1));
    }
  }
  const cap = HEAP_MB ? `, its V8 heap capped at ${HEAP_MB} MB` : '';
  console.log(
    `\nBackground exports of one owner's stock movements, every column, in the worker's own process${cap}:\n`,
  );
  console.log(lines.join('\n'));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
