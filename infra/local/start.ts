/**
 * `npm start`: the whole product on http://127.0.0.1:3000 (PORT or --port overrides).
 *   --data-dir DIR   where data persists (default .cellar/data, git-ignored)
 *   --reset          wipe the data first (a fresh demo)
 *   --warehouse all|acknowledge|none   how far the simulated warehouse plays what it is sent (default all)
 *   --warehouse-step-ms N              the time between two of its steps (default 12000)
 */
import { parseArgs } from 'node:util';
import { startRuntime } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    reset: { type: 'boolean', default: false },
    warehouse: { type: 'string' },
    'warehouse-step-ms': { type: 'string' },
  },
});

const plays = values.warehouse ?? 'all';
if (plays !== 'all' && plays !== 'acknowledge' && plays !== 'none') {
  console.error(`--warehouse is all, acknowledge or none, not ${plays}`);
  process.exit(2);
}
const stepMs = Number(values['warehouse-step-ms'] ?? 12_000);

const runtime = await startRuntime({
  port: Number(values.port ?? process.env.PORT ?? 3000),
  dataDir: values['data-dir'],
  reset: values.reset,
  warehouse: { plays, stepMs },
  log: (line) => console.log(line),
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
