/**
 * `npm start`: the whole product on http://127.0.0.1:3000 (PORT or --port overrides).
 *   --data-dir DIR   where data persists (default .cellar/data, git-ignored)
 *   --reset          wipe the data first (a fresh demo)
 *   --warehouse all|acknowledge|none   how far the simulated warehouse plays what it is sent (default all)
 *   --warehouse-step-ms N              the time between two of its steps (default 12000)
 *   --warehouse-discrepancies SHARE    the share of documents, 0 to 1, on which it meets a discrepancy (default 0.2):
 *                                      a bottle picked short, broken on arrival, delivered under another batch; 1 for
 *                                      every document, 0 for none (chosen by document id: the same ones every run)
 */
import { parseArgs } from 'node:util';
import { startRuntime } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/accounts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    reset: { type: 'boolean', default: false },
    warehouse: { type: 'string' },
    'warehouse-step-ms': { type: 'string' },
    'warehouse-discrepancies': { type: 'string' },
  },
});

const plays = values.warehouse ?? 'all';
if (plays !== 'all' && plays !== 'acknowledge' && plays !== 'none') {
  console.error(`--warehouse is all, acknowledge or none, not ${plays}`);
  process.exit(2);
}
const step = values['warehouse-step-ms'];
const stepMs = step === undefined ? 12_000 : step.trim() === '' ? Number.NaN : Number(step);
if (!(Number.isInteger(stepMs) && stepMs >= 0 && stepMs <= 3_600_000)) {
  console.error(`--warehouse-step-ms is a whole number of milliseconds from 0 to 3600000 (an hour), not ${step}`);
  process.exit(2);
}
const share = values['warehouse-discrepancies'];
// Unset, the warehouse's own default; Number('') is 0, so an empty value is refused rather than read as none.
const discrepancies = share === undefined ? undefined : share.trim() === '' ? Number.NaN : Number(share);
if (discrepancies !== undefined && !(discrepancies >= 0 && discrepancies <= 1)) {
  console.error(`--warehouse-discrepancies is a share from 0 to 1 (0.2: a fifth of documents), not ${share}`);
  process.exit(2);
}

const port = Number(values.port ?? process.env.PORT ?? 3000);
const runtime = await startRuntime({
  port,
  dataDir: values['data-dir'],
  reset: values.reset,
  warehouse: { plays, stepMs, discrepancies },
  log: (line) => console.log(line),
}).catch((e: NodeJS.ErrnoException) => {
  if (e.code !== 'EADDRINUSE') throw e;
  console.error(
    `Port ${port} is taken (another Cellar, or another program). Start on another: npm start -- --port ${port + 1}`,
  );
  process.exit(1);
});

console.log(`
Cellar is running on ${runtime.url}

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.role} (${a.company})`).join('\n')}

Ctrl-C stops it; data persists in .cellar/ (npm start -- --reset starts afresh).`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
