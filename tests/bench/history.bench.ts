/**
 * Benchmark: years of business on one lot. HISTORY_ORDERS one-unit orders (10,000 by default) are sent through the
 * API on one stock line, as a best-selling wine sold to consumers one bottle at a time; after the 10th, 100th,
 * 1,000th… it prints the stored size of the stock line and of its product, and what one more send costs in write
 * request units (cost-tally.ts). With nothing kept per document on shared items, both stay flat; DynamoDB refuses an
 * item over 400 KB. Then a hot lot: HOT_SENDS (50) orders sent at once for one unit each of a lot of 10, each
 * answer's status and time (exactly 10 sent, the others a clear 409, none a 500), beside the same burst on 50 lots
 * of their own: what this machine takes for 50 sends at once in one process, contention or not.
 * Run: npm run bench:history   (HISTORY_ORDERS=2000 for a shorter run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keys } from '../../functions/src/data/keys';
import { getItem } from '../../functions/src/data/table';
import { findProduct } from '../../functions/src/products/repository';
import { findStock } from '../../functions/src/stocks/repository';
import { startRuntime } from '../../infra/local/runtime';
import { httpCall } from '../fixtures/http';
import { freshStock, orderBody } from '../integration/order-fixtures';
import { instrument, itemBytesOf, reset, setCounting, tally } from './cost-tally';

const ORDERS = Number(process.env.HISTORY_ORDERS ?? 10_000);
const HOT_SENDS = Number(process.env.HOT_SENDS ?? 50);
/** Sends measured at each mark, their median printed. */
const SAMPLES = 5;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cellar-history-'));
  const runtime = await startRuntime({
    port: 0,
    dataDir,
    seed: true,
    // Nothing in the background: the warehouse's acknowledgements, or the sweep publishing again what it has not
    // answered, would land in a send's tally.
    warehouse: { stepMs: 200, plays: 'none' },
    sweepEveryMs: 0,
  });
  await instrument(runtime.env.TABLE_NAME ?? 'cellar');
  const call = httpCall(runtime.url);
  const token = (
    await call<{ access_token: string }>('POST', '/api/auth/token', {
      body: { email: 'user@cli001.test', password: 'Cellar-demo-2026' },
    })
  ).body.access_token;
  const me = (await call('GET', '/api/auth/user', { token })).body;
  const recipient = (await call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.data[0].id;
  const product = (await call('GET', '/api/products?paginate=50', { token })).body.data.find(
    (p: { hidden: boolean }) => !p.hidden,
  );
  const stockId = await freshStock(ORDERS + 10, { productId: product.id, warehouseId: me.warehouseIds[0] });
  const line = await findStock(stockId);
  const p = await findProduct(product.id);
  if (!line || !p) throw new Error('no stock line');
  const sizes = async () => ({
    line: itemBytesOf(await getItem(keys.stock(line.ownerId, line.productCode, stockId))),
    product: itemBytesOf(await getItem(keys.product(p.ownerId, p.code))),
  });
  const send = async () => {
    const res = await call('POST', '/api/orders', { token, body: orderBody(stockId, recipient) });
    if (res.status !== 201) throw new Error(`send: ${res.status} ${res.text.slice(0, 200)}`);
  };
  const marks = [10, 100, 1_000, 10_000, 100_000].filter((n) => n <= ORDERS);
  const rows: { orders: number; lineBytes: number; productBytes: number; sendWru: number; sendMs: number }[] = [];
  let sent = 0;
  const started = Date.now();
  for (const mark of marks) {
    while (sent < mark - SAMPLES) {
      await send();
      sent++;
    }
    // The median of a few sends: a background write (the sweep's timer) may land in one of them.
    const tries: { wru: number; ms: number }[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      reset();
      const t0 = performance.now();
      await send();
      tries.push({ ms: performance.now() - t0, wru: tally.wru });
      sent++;
    }
    const median = (k: 'wru' | 'ms') => tries.map((t) => t[k]).sort((a, b) => a - b)[Math.floor(SAMPLES / 2)] ?? 0;
    const wru = median('wru');
    const ms = median('ms');
    const s = await sizes();
    rows.push({ orders: sent, lineBytes: s.line, productBytes: s.product, sendWru: wru, sendMs: Math.round(ms) });
    console.log(
      `${sent} orders sent (${Math.round((Date.now() - started) / 1000)} s): line ${s.line} B, product ${s.product} B, ` +
        `a send ${wru} write units, ${Math.round(ms)} ms (median of ${SAMPLES})`,
    );
  }
  console.log(`\nOne lot, ${ORDERS} one-unit orders sent through the API:`);
  console.table(rows);

  // HOT_SENDS drafts sent at once, each on the lot `lotOf(i)` gives: the answers' statuses and times.
  const sendAtOnce = async (lotOf: (i: number) => string) => {
    const drafts = await Promise.all(
      Array.from({ length: HOT_SENDS }, (_, i) =>
        call('POST', '/api/orders', { token, body: orderBody(lotOf(i), recipient, { statusCode: '000' }) }),
      ),
    );
    const answers = await Promise.all(
      drafts.map(async (d) => {
        const t0 = performance.now();
        const res = await call('PUT', `/api/orders/${d.body.id}`, { token, body: { statusCode: '005' } });
        return { status: res.status, ms: performance.now() - t0 };
      }),
    );
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
    const counts = new Map<number, number>();
    for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
    const statuses = [...counts.entries()].map(([s, n]) => `${n} × ${s}`).join(', ');
    return `${statuses}; p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
  };
  // Timed as the functions run, without the tally's reads around each write (which widen every transaction's window).
  setCounting(false);
  // The same burst on as many lots, none shared: what the machine itself takes for that many sends at once.
  const cold = await Promise.all(
    Array.from({ length: HOT_SENDS }, () => freshStock(10, { productId: product.id, warehouseId: me.warehouseIds[0] })),
  );
  console.log(`\n${HOT_SENDS} sends at once, each on its own lot: ${await sendAtOnce((i) => cold[i] as string)}`);
  const hot = await freshStock(10, { productId: product.id, warehouseId: me.warehouseIds[0] });
  const figures = await sendAtOnce(() => hot);
  const left = await findStock(hot);
  console.log(
    `A hot lot: ${HOT_SENDS} sends at once for 1 of 10 units: ${figures}; ` +
      `allocated ${left?.quantity_allocated} of ${left?.quantity}`,
  );
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
