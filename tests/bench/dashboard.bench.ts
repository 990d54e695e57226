/**
 * Benchmark: GET /api/dashboard through the local runtime (HTTP → gateway → Lambda handler → dynalite) for an owner
 * holding 1,000 orders and one holding DASHBOARD_MAX (100,000 by default), every part asked (an admin with every
 * scope): the figures are counters and the panels first pages, so the large owner should stay within 2× of the
 * small one, p95 under 100 ms. The figures are checked against what was written before timing.
 * Run: npm run bench:dashboard  (generates its data in a throw-away directory)
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addressFields } from '@cellar/shared/common/address';
import { todayIn } from '@cellar/shared/common/dates';
import { NO_FULFILMENT } from '@cellar/shared/orders/schemas';
import { warehouseItem } from '../../functions/src/companies/repository';
import type { CounterKey } from '../../functions/src/data/entity';
import { companies, warehouses } from '../../functions/src/data/reference';
import { batchPut } from '../../functions/src/data/table';
import { type OrderItem, orderRecords } from '../../functions/src/orders/repository';
import { type ProductItem, productRecords } from '../../functions/src/products/repository';
import { insertStock } from '../../functions/src/stocks/repository';
import { startRuntime } from '../../infra/local/runtime';
import { ratioLine } from './measure';
import { type BenchTenant, benchProduct, benchSignIn, benchTenantItems } from './tenant';

const SIZES = [1_000, Number(process.env.DASHBOARD_MAX ?? 100_000)];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** The owner of n orders and its admin (user U-<id>). */
const tenantOf = (n: number): BenchTenant => ({
  id: `DASH${n}`,
  warehouseIds: [WAREHOUSE.id],
  email: `dash${n}@cellar.test`,
});
const STATUSES = ['000', '005', '010', '020', '040', '050', '070'] as const;
const WAREHOUSE = { id: 'W1', code: 'BEN', name: 'Bench' };
const YEAR = Number(todayIn().slice(0, 4));

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Adds a record's counters to the totals a bulk load writes (weighted ones by their weight). */
function count(totals: Map<string, number>, counters: readonly CounterKey[]) {
  for (const { by, PK, SK } of counters) {
    const k = JSON.stringify({ PK, SK });
    totals.set(k, (totals.get(k) ?? 0) + (by ?? 1));
  }
}

function order(owner: string, n: number, j: number): OrderItem {
  // Half last year, half this year, one a minute; one in ten due in the future.
  const at = new Date(Date.UTC(YEAR - 1, 6, 1) + (j * 365 * 86_400_000) / n).toISOString();
  const status = STATUSES[j % STATUSES.length] ?? '000';
  const ordered = 6 + (j % 5) * 6;
  return {
    id: `01DASH${String(n).padStart(6, '0')}${String(j).padStart(8, '0')}`,
    ownerId: owner,
    segment: 'B2B',
    reference: `CMD${String(j).padStart(7, '0')}`,
    recipientReference: '',
    groupingNumber: '',
    exitPoint: '',
    type: null,
    statusCode: status,
    warehouse: WAREHOUSE,
    recipient: addressFields.parse({
      company: `Cave ${j % 300}`,
      street: '1 quai',
      postcode: '33000',
      city: 'Bordeaux',
      country: 'FR',
    }),
    customerId: null,
    carrier: null,
    serviceCode: null,
    pickupManagedByProduct: 1,
    shippingLabelRequired: 0,
    deliveryDate: j % 10 === 0 ? `${YEAR + 1}-0${1 + (j % 9)}-10` : at.slice(0, 10),
    pickupDate: null,
    appointmentDate: null,
    preparationDate: null,
    deliveryComment: '',
    preparationComment: '',
    comment: '',
    shippingTrackingId: null,
    lines: [
      {
        id: `L${j}`,
        position: 1,
        stockId: `S${j % 20}`,
        productId: 'P1',
        productCode: 'P1',
        productLabel: 'Château Bench',
        pcb: 6,
        warehouseId: WAREHOUSE.id,
        quality: 'STD',
        batch: null,
        ubd: null,
        bbd: null,
        ordered,
        prepared: null,
      },
    ],
    packings: [],
    orderedQuantity: ordered,
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
}

/** An owner with its admin, 20 stock lines and n orders written in bulk through the entity layer. */
async function seedOwner(n: number): Promise<{ owner: string; expected: { orders: number; bottles: number } }> {
  const id = `DASH${n}`;
  await batchPut([warehouseItem(WAREHOUSE), ...(await benchTenantItems(tenantOf(n)))]);
  companies.invalidate();
  warehouses.invalidate();
  await stockLines(id, 20);
  const started = Date.now();
  const totals = new Map<string, number>();
  const expected = { orders: 0, bottles: 0 };
  for (let i = 0; i < n; i += 5_000) {
    const items = [];
    for (let j = i; j < Math.min(n, i + 5_000); j++) {
      const o = order(id, n, j);
      // What the year's cards must show (the Paris year), checked against the answer below.
      if (o.statusCode !== '000' && todayIn(undefined, new Date(o.createdAt)).startsWith(String(YEAR))) {
        expected.orders++;
        if (o.statusCode === '040' || o.statusCode === '070') expected.bottles += o.orderedQuantity;
      }
      count(totals, orderRecords.counters?.(o) ?? []);
      items.push(orderRecords.item(o), ...orderRecords.companionItems(o));
    }
    await batchPut(items);
  }
  await batchPut([...totals].map(([k, n]) => ({ ...JSON.parse(k), n })));
  console.log(`  seeded ${n.toLocaleString('en')} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { owner: id, expected };
}

async function stockLines(owner: string, count: number) {
  const products: ProductItem[] = Array.from({ length: count }, (_, k) =>
    benchProduct(owner, WAREHOUSE.id, {
      id: `${owner}-P${k}`,
      code: `P${String(k).padStart(4, '0')}`,
      label: `Château Bench ${k} rouge 75 cl`,
      attributes: { pcb: 6 },
    }),
  );
  await batchPut(products.map((p) => productRecords.item(p)));
  for (const [k, p] of products.entries()) {
    await insertStock({
      id: `${owner}-S${k}`,
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
      storedAt: k % 2 ? null : todayIn(),
      createdAt: new Date().toISOString(),
      version: 1,
    });
  }
}

const signIn = (url: string, n: number) => benchSignIn(url, tenantOf(n).email);

interface Answer {
  kpi: Record<string, number>;
  orders: unknown[];
  expeditions: unknown[];
  stocks: unknown[];
}

async function timeDashboard(url: string, token: string, runs: number) {
  const call = async () => {
    const t = performance.now();
    const res = await fetch(`${url}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as Answer;
    if (res.status !== 200) throw new Error(`GET /api/dashboard: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { ms: performance.now() - t, body };
  };
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  let last: Answer | undefined;
  for (let i = 0; i < runs; i++) {
    const r = await call();
    times.push(r.ms);
    last = r.body;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), body: last as Answer };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log(`GET /api/dashboard (every part), ${RUNS} requests per owner after 20 warm-up:`);
  const results: Record<number, { p50: number; p95: number }> = {};
  for (const n of SIZES) {
    const { owner, expected } = await seedOwner(n);
    const token = await signIn(runtime.url, n);
    const r = await timeDashboard(runtime.url, token, RUNS);
    const { kpi } = r.body;
    if (kpi.yearOrdersCount !== expected.orders || kpi.yearBottlesCount !== expected.bottles) {
      throw new Error(
        `${owner}: figures ${JSON.stringify(kpi)} differ from what was written ${JSON.stringify(expected)}`,
      );
    }
    results[n] = r;
    console.log(
      `  ${n.toLocaleString('en').padStart(7)} orders: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (target < 100 ms; ${kpi.yearOrdersCount} orders and ${kpi.yearBottlesCount} bottles this year, panels ${r.body.orders.length}/${r.body.expeditions.length}/${r.body.stocks.length} rows)`,
    );
  }
  console.log(ratioLine('dashboard', results, SIZES));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
