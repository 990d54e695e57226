/**
 * Benchmark: what each business operation costs in AWS request units, measured on the code as it runs (the local
 * runtime: HTTP → gateway → Lambda handler → dynalite, the demo's data). For each operation: the API requests it
 * takes, the DynamoDB write request units (every item written, at 1 KB a unit, once in the table and once in each
 * index the item belongs to, as on-demand tables bill) and read request units (4 KB a unit, halved for eventually
 * consistent reads), and the bytes of the items it writes. infra/README.md's cost table is computed
 * from these figures.
 * Run: npm run bench:cost
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { httpCall, importFile } from '../fixtures/http';
import { freshStock, orderBody } from '../integration/order-fixtures';
import { addKind, instrument, type KindTally, reset, tally } from './cost-tally';

const RUNS = Number(process.env.COST_RUNS ?? 10);
/** Lines of each order and reception: 6 makes the movements of infra/README.md's provider (≈ 1.8 M a year). */
const LINES = Number(process.env.COST_LINES ?? 6);
const lineNumbers = Array.from({ length: LINES }, (_, k) => k);
const IMPORT_ROWS = Number(process.env.COST_IMPORT_ROWS ?? 200);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cellar-cost-'));
  const runtime = await startRuntime({
    port: 0,
    dataDir,
    seed: true,
    warehouse: { stepMs: 200, plays: 'acknowledge' },
  });
  await instrument(runtime.env.TABLE_NAME ?? 'cellar');
  let requests = 0;
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    requests++;
    const headers: Record<string, string> = { 'accept-language': 'fr' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(runtime.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  const signIn = async (email: string) =>
    (await call('POST', '/api/auth/token', undefined, { email, password: DEMO_PASSWORD })).access_token as string;
  const user = await signIn('user@cli001.test');
  const superadmin = await signIn('superadmin@cellar.test');
  const me = await call('GET', '/api/auth/user', user);
  const recipient = (await call('GET', '/api/contacts?filter[type]=recipient&paginate=1', user)).data[0].id;
  const supplier = (await call('GET', '/api/contacts?filter[type]=supplier&paginate=5', user)).data.find(
    (c: { code: string }) => c.code !== 'MULTI',
  ).id;
  const products = (await call('GET', '/api/products?paginate=50', user)).data.filter(
    (p: { hidden: boolean; hasBatch: boolean; hasUbd: boolean }) => !p.hidden && !p.hasUbd,
  );
  const at = { productId: products[0].id, warehouseId: me.warehouseIds[0] };
  const lots = products.filter((p: { hasBatch: boolean }) => p.hasBatch);

  const rows: { operation: string; requests: number; wru: number; rru: number; writes: number; bytes: number }[] = [];
  /** Per write operation, its write units by kind of item (summed over the runs, divided when printed). */
  const kinds: { operation: string; runs: number; byKind: Record<string, KindTally> }[] = [];
  const measure = async (operation: string, runs: number, work: (i: number) => Promise<void>) => {
    let sum = { requests: 0, wru: 0, rru: 0, writes: 0, bytes: 0, n: 0 };
    const byKind: Record<string, KindTally> = {};
    for (let i = 0; i < runs; i++) {
      reset();
      requests = 0;
      await work(i);
      for (const [kind, k] of Object.entries(tally.byKind)) addKind(byKind, kind, k);
      sum = {
        requests: sum.requests + requests,
        wru: sum.wru + tally.wru,
        rru: sum.rru + tally.rru,
        writes: sum.writes + tally.writes,
        bytes: sum.bytes + tally.bytes.reduce((a, b) => a + b, 0),
        n: sum.n + tally.bytes.length,
      };
    }
    const per = (v: number) => Math.round((v / runs) * 10) / 10;
    if (runs > 1 && Object.keys(byKind).length) kinds.push({ operation, runs, byKind });
    rows.push({
      operation,
      requests: per(sum.requests),
      wru: per(sum.wru),
      rru: per(sum.rru),
      writes: per(sum.writes),
      bytes: Math.round(sum.bytes / Math.max(1, sum.n)),
    });
  };
  const until = async (id: string, done: (o: { statusCode: string }) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const o = await call('GET', `/api/orders/${id}`, user);
      if (done(o)) return o;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`order ${id} stuck`);
  };

  // An order of LINES lines, sent: created in 005 (allocation), acknowledged by the warehouse (010), shipped (070).
  const stocks: string[][] = [];
  for (let i = 0; i < RUNS; i++) stocks.push(await Promise.all(lineNumbers.map(() => freshStock(50, at))));
  const sent: string[] = [];
  await measure(`Order of ${LINES} lines: created and sent (005, allocated)`, RUNS, async (i) => {
    const order = await call('POST', '/api/orders', user, orderBody(stocks[i] as string[], recipient));
    sent.push(order.id);
  });
  await measure('Order: acknowledged by the warehouse (005 → 010)', RUNS, async (i) => {
    await until(sent[i] as string, (o) => o.statusCode !== '005');
  });
  await measure('Order: shipped (→ 070, output movements)', RUNS, async (i) => {
    await call('PUT', `/api/orders/${sent[i]}`, superadmin, { statusCode: '070' });
  });

  // The warehouse answers the orders a moment later (its simulation): let it finish so that its writes are not
  // counted as the receptions'.
  await new Promise((r) => setTimeout(r, 3000));

  // A reception of LINES lots, announced (001) then closed (200): stock and input movements.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const receptions: string[] = [];
  await measure(`Reception of ${LINES} lines: announced (001)`, RUNS, async (i) => {
    const r = await call('POST', '/api/receptions', user, {
      segment: 'B2B',
      warehouseId: at.warehouseId,
      reference: `COST${Date.now().toString(36)}${i}`,
      expectedAt: day,
      supplierId: supplier,
      statusCode: '001',
      stocks: lineNumbers.map((k) => ({
        productId: (lots[k % lots.length] ?? lots[0]).id,
        quality: 'STD',
        batch: `C${Date.now().toString(36)}${i}${k}`,
        expected: 12,
      })),
    });
    receptions.push(r.id);
  });
  await measure('Reception: closed (200, stock and input movements)', RUNS, async (i) => {
    await call('PUT', `/api/receptions/${receptions[i]}`, superadmin, { statusCode: '200' });
  });

  // Reading: the pages a user opens most.
  await measure('Page: order list (first page of 20)', RUNS, async () => {
    await call('GET', '/api/orders?paginate=20', user);
  });
  await measure('Page: stock list (first page of 20)', RUNS, async () => {
    await call('GET', '/api/stocks?paginate=20', user);
  });
  await measure('Page: dashboard', RUNS, async () => {
    await call('GET', '/api/dashboard', user);
  });
  await measure('Request: the signed-in user (every page load)', RUNS, async () => {
    await call('GET', '/api/auth/user', user);
  });

  // An import of recipients, per row.
  const header = 'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise';
  const csv = [header];
  for (let r = 0; r < IMPORT_ROWS; r++)
    csv.push(
      `COST${String(r).padStart(5, '0')};non;;Client ${r};4 rue Sainte-Catherine;;33000;Bordeaux;FR;client${r}@example.com;0601020304;;`,
    );
  let perRow = { wru: 0, rru: 0, writes: 0, bytes: 0 };
  await measure(`Import of ${IMPORT_ROWS} recipients (whole job)`, 1, async () => {
    requests++;
    const asked = await importFile({ call: httpCall(runtime.url) }, user, 'contact', csv.join('\r\n'), {
      fields: { type: 'recipient', warehouse: at.warehouseId, segment: 'B2C' },
      lang: 'fr',
    });
    if (asked.status !== 201) throw new Error(`import request: ${asked.status} ${asked.text.slice(0, 300)}`);
    const job = asked.body;
    for (;;) {
      const state = await call('GET', `/api/imports/${job.id}`, user);
      if (state.status === 'done' || state.status === 'failed') {
        if (state.created !== IMPORT_ROWS)
          throw new Error(
            `import created ${state.created} of ${IMPORT_ROWS}: ${JSON.stringify(state.errors.slice(0, 2))}`,
          );
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  const whole = rows.at(-1);
  if (whole)
    perRow = {
      wru: whole.wru / IMPORT_ROWS,
      rru: whole.rru / IMPORT_ROWS,
      writes: whole.writes / IMPORT_ROWS,
      bytes: whole.bytes,
    };

  console.log(
    `\nRequest units per operation (mean of ${RUNS} runs; DynamoDB on-demand units, items at their stored size)\n`,
  );
  console.log('| Operation | API requests | Item writes | Write units | Read units | Mean item bytes |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows)
    console.log(`| ${r.operation} | ${r.requests} | ${r.writes} | ${r.wru} | ${r.rru} | ${r.bytes} |`);
  console.log(
    `| Import, per row | – | ${perRow.writes.toFixed(1)} | ${perRow.wru.toFixed(1)} | ${perRow.rru.toFixed(1)} | ${perRow.bytes} |`,
  );
  console.log(
    '\nWhere the write units go (per operation and kind of item: units in the table (twice in a transaction) and in the indexes; the indexes whose entry moved)\n',
  );
  console.log('| Operation | Kind | Item writes | Mean bytes | Write units | Table | Indexes | Entries moved |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  const r1 = (v: number) => Math.round(v * 10) / 10;
  for (const k of kinds)
    for (const [kind, v] of Object.entries(k.byKind).sort((a, b) => b[1].wru - a[1].wru)) {
      const moved = Object.entries(v.moved)
        .map(([m, n]) => `${m}×${r1(n / k.runs)}`)
        .join(' ');
      console.log(
        `| ${k.operation} | ${kind} | ${r1(v.writes / k.runs)} | ${Math.round(v.bytes / v.writes)} | ${r1(v.wru / k.runs)} | ${r1(v.table / k.runs)} | ${r1(v.indexes / k.runs)} | ${moved} |`,
      );
    }
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
