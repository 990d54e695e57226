/**
 * Benchmark: the orders API through the local runtime (HTTP → gateway → Lambda handler → dynalite).
 * - The order list for an owner holding 1,000 and one holding ORDERS_MAX (100,000 by default) orders: the first
 *   page in the default sort (newest first), with a status filter, with a country filter (one order in 10) and a
 *   reference search. Each large figure should stay within 2× of the 1,000 one, every p95 under 100 ms.
 * - Sending an order of 50 lines (000 → 005): its time and the items it writes.
 * - The PDF of a 200-line order: first byte and last byte, p50/p95 (target < 150 ms to the last byte).
 * Run: npm run bench:orders  (generates its data in a throw-away directory)
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addressFields } from '@cellar/shared/common/address';
import { NO_FULFILMENT } from '@cellar/shared/orders/schemas';
import { warehouseItem } from '../../functions/src/companies/repository';
import { companies, warehouses } from '../../functions/src/data/reference';
import { batchPut } from '../../functions/src/data/table';
import { type OrderItem, orderRecords } from '../../functions/src/orders/repository';
import { type ProductItem, productRecords } from '../../functions/src/products/repository';
import { insertStock } from '../../functions/src/stocks/repository';
import { startRuntime } from '../../infra/local/runtime';
import { measure, ratioLine } from './measure';
import { type BenchTenant, benchProduct, benchSignIn, benchTenantItems, countWrites } from './tenant';

const SIZES = [1_000, Number(process.env.ORDERS_MAX ?? 100_000)];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PDF_RUNS = Number(process.env.PDF_RUNS ?? 50);
/** The owner of n orders and its admin (user U-<id>). */
const tenantOf = (n: number): BenchTenant => ({
  id: `BENCH${n}`,
  warehouseIds: [WAREHOUSE.id],
  email: `bench${n}@cellar.test`,
});
const STATUSES = ['000', '005', '010', '020', '040', '050', '070'] as const;
const WAREHOUSE = { id: 'W1', code: 'BEN', name: 'Bench' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** An owner with its admin and n orders written in bulk through the entity layer. */
async function seedOwner(n: number): Promise<string> {
  const id = `BENCH${n}`;
  await batchPut([warehouseItem(WAREHOUSE), ...(await benchTenantItems(tenantOf(n)))]);
  const started = Date.now();
  const start = Date.parse('2024-01-01T00:00:00Z');
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i += 5_000) {
    const items = [];
    for (let j = i; j < Math.min(n, i + 5_000); j++) {
      const at = new Date(start + j * 60_000).toISOString();
      const o: OrderItem = {
        id: `01BENCH${String(n).padStart(6, '0')}${String(j).padStart(8, '0')}`,
        ownerId: id,
        segment: 'B2B',
        reference: `CMD${String(j).padStart(7, '0')}`,
        recipientReference: '',
        groupingNumber: '',
        exitPoint: '',
        type: null,
        statusCode: STATUSES[j % STATUSES.length] ?? '000',
        warehouse: WAREHOUSE,
        recipient: addressFields.parse({
          company: `Cave ${j % 300}`,
          street: '1 quai',
          postcode: '33000',
          city: 'Bordeaux',
          country: j % 10 === 3 ? 'BE' : 'FR',
        }),
        customerId: null,
        carrier: null,
        serviceCode: null,
        pickupManagedByProduct: 1,
        shippingLabelRequired: 0,
        deliveryDate: at.slice(0, 10),
        pickupDate: null,
        appointmentDate: null,
        preparationDate: null,
        deliveryComment: '',
        preparationComment: '',
        comment: '',
        shippingTrackingId: null,
        lines: [],
        packings: [],
        orderedQuantity: (j % 50) * 6,
        preparedQuantity: 0,
        supportType: null,
        supportNumber: null,
        seq: 0,
        transition: null,
        shipped: null,
        transmittedAt: null,
        fulfilment: NO_FULFILMENT,
        wmsSeq: 0,
        createdBy: null,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      for (const { by, ...k } of orderRecords.counters?.(o) ?? [])
        counts.set(JSON.stringify(k), (counts.get(JSON.stringify(k)) ?? 0) + (by ?? 1));
      items.push(orderRecords.item(o), ...orderRecords.companionItems(o));
    }
    await batchPut(items);
  }
  await batchPut([...counts].map(([k, c]) => ({ ...JSON.parse(k), n: c })));
  console.log(`  seeded ${n.toLocaleString('en')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  companies.invalidate();
  warehouses.invalidate();
  return id;
}

const signIn = (url: string, n: number) => benchSignIn(url, tenantOf(n).email);

/** `count` products of the owner, each with one stock line of 1,000 bottles. */
async function stockLines(owner: string, count: number, prefix: string) {
  const products: ProductItem[] = Array.from({ length: count }, (_, k) =>
    benchProduct(owner, WAREHOUSE.id, {
      id: `${owner}-${prefix}${k}`,
      code: `${prefix}${String(k).padStart(4, '0')}`,
      label: `Château Bench ${k} rouge 75 cl`,
      attributes: { pcb: 6 },
    }),
  );
  await batchPut(products.map((p) => productRecords.item(p)));
  const ids: string[] = [];
  for (const [k, p] of products.entries()) {
    const id = `${owner}-${prefix}S${k}`;
    await insertStock({
      id,
      ownerId: owner,
      productId: p.id,
      productCode: p.code,
      product: { label: p.label, familyId: p.familyId, attributes: p.attributes },
      warehouseId: WAREHOUSE.id,
      segment: 'B2B',
      quality: 'STD',
      batch: `L${k}`,
      ubd: null,
      bbd: '2030-01-01',
      quantity: 1_000,
      quantity_allocated: 0,
      quantity_receive_in_progress: 0,
      quantity_on_arriving: 0,
      storedAt: null,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    ids.push(id);
  }
  return ids;
}

async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const t = performance.now();
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { id: string };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { ms: performance.now() - t, json };
}

const orderBody = (stocks: string[], reference: string, statusCode: string) => ({
  segment: 'B2B',
  reference,
  recipient: { company: 'Cave du Port', street: '1 quai', postcode: '33000', city: 'Bordeaux', country: 'FR' },
  pickupManagedByProduct: 1,
  shippingLabelRequired: 0,
  deliveryDate: '2099-01-01',
  deliveryComment: 'Livrer au quai 3',
  statusCode,
  stocks: stocks.map((stockId) => ({ stockId, ordered: 12 })),
});

async function sendOf50Lines(url: string, token: string, owner: string) {
  const stocks = await stockLines(owner, 50, 'S');
  const draft = await call(url, token, 'POST', '/api/orders', orderBody(stocks, 'BENCH-50', '000'));
  const counter = countWrites();
  const sent = await call(url, token, 'PUT', `/api/orders/${draft.json.id}`, { statusCode: '005' });
  console.log(
    `Send (000 → 005) of 50 lines: ${sent.ms.toFixed(0)} ms, ${counter.writes} item writes (${(counter.writes / 50).toFixed(1)} per line)`,
  );
}

async function pdfOf200Lines(url: string, token: string, owner: string) {
  const stocks = await stockLines(owner, 200, 'D');
  const created = await call(url, token, 'POST', '/api/orders', orderBody(stocks, 'BENCH-PDF-200', '005'));
  await call(url, token, 'PUT', `/api/orders/${created.json.id}`, { statusCode: '020' });
  const first: number[] = [];
  const last: number[] = [];
  let size = 0;
  for (let i = 0; i < PDF_RUNS + 5; i++) {
    const t = performance.now();
    const res = await fetch(`${url}/api/orders/${created.json.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`PDF: ${res.status}`);
    const reader = res.body.getReader();
    let firstAt = 0;
    size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstAt) firstAt = performance.now();
      size += value.length;
    }
    // The first five warm the function (pdf-lib and bwip-js load with the first document).
    if (i < 5) continue;
    first.push(firstAt - t);
    last.push(performance.now() - t);
  }
  first.sort((a, b) => a - b);
  last.sort((a, b) => a - b);
  console.log(
    `PDF of a 200-line order (${(size / 1024).toFixed(0)} KB), ${PDF_RUNS} runs: first byte p50 ${percentile(first, 50).toFixed(1)} ms, p95 ${percentile(first, 95).toFixed(1)} ms; last byte p50 ${percentile(last, 50).toFixed(1)} ms, p95 ${percentile(last, 95).toFixed(1)} ms (target < 150 ms)`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log(`Order list, pages of 20, ${RUNS} requests per case and owner after 20 warm-up:`);
  const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
  let owner = '';
  let token = '';
  for (const n of SIZES) {
    owner = await seedOwner(n);
    token = await signIn(runtime.url, n);
    const cases = [
      { name: 'first page, default sort (-createdAt)', query: '' },
      { name: 'status filter (010)', query: '&filter[statusCode]=010' },
      { name: 'country filter (BE, one in 10)', query: '&filter[recipient.country]=BE' },
      { name: 'reference search', query: `&filter[search]=CMD${String(n - 7).padStart(7, '0')}` },
    ];
    for (const c of cases) {
      const r = await measure(runtime.url, token, `/api/orders?paginate=20&include=warehouse${c.query}`, RUNS);
      results[c.name] = { ...results[c.name], [n]: r };
      console.log(
        `  ${n.toLocaleString('en').padStart(7)} orders, ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows, meta.total ${r.total})`,
      );
    }
  }
  for (const name of Object.keys(results)) console.log(ratioLine(name, results[name], SIZES));
  await sendOf50Lines(runtime.url, token, owner);
  await pdfOf200Lines(runtime.url, token, owner);
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
