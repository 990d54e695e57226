/**
 * Benchmark: the shipping order list through the local runtime (HTTP → gateway → Lambda handler → dynalite) for an
 * owner holding 1,000 and one holding SHIPPING_ORDERS_MAX (100,000 by default) shipping orders: the first page in
 * the default sort (newest first), with a status filter, with a reference search (one match), and the dashboard's
 * "next shipments" (delivery from today, soonest first). None may read the partition: each large figure should stay
 * within 2× of the 1,000 one, every p95 under 100 ms.
 * Run: npm run bench:shipping-orders  (generates its data in a throw-away directory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayIn } from '@cellar/shared/common/dates';
import { shippingWeight } from '@cellar/shared/shippingOrders/schemas';
import { warehouseItem } from '../../functions/src/companies/repository';
import { companies, warehouses } from '../../functions/src/data/reference';
import { batchPut } from '../../functions/src/data/table';
import { type ShippingOrderItem, shippingOrderRecords } from '../../functions/src/shippingOrders/repository';
import { startRuntime } from '../../infra/local/runtime';
import { measure, ratioLine } from './measure';
import { benchSignIn, benchTenantItems } from './tenant';

const SIZES = [1_000, Number(process.env.SHIPPING_ORDERS_MAX ?? 100_000)];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const STATUSES = ['000', '001', '100', '200'] as const;
const WAREHOUSE = { id: 'W1', code: 'BEN', name: 'Bench' };
const CITIES = ['Bordeaux', 'Paris', 'Lyon', 'Reims', 'Cognac'];

const reference = (j: number) => `SO${String(j).padStart(7, '0')}`;
const day = (from: string, n: number) =>
  new Date(Date.parse(`${from}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const address = (name: string, city: string) => ({
  name,
  contact: '',
  street: '1 quai des Chartrons',
  postcode: '33000',
  city,
  exciseNumber: '',
  comment: '',
  timeslots: [{ start: '08:00', end: '12:00' }],
});

/** An owner with its admin and n shipping orders written in bulk through the entity layer. */
async function seedOwner(n: number): Promise<string> {
  const id = `BENCH${n}`;
  await batchPut([
    warehouseItem(WAREHOUSE),
    ...(await benchTenantItems({
      id,
      warehouseIds: [WAREHOUSE.id],
      email: `bench${n}@cellar.test`,
      lastname: String(n),
    })),
  ]);
  const started = Date.now();
  const start = Date.parse('2024-01-01T00:00:00Z');
  const today = todayIn();
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i += 5_000) {
    const items = [];
    for (let j = i; j < Math.min(n, i + 5_000); j++) {
      const at = new Date(start + j * 60_000).toISOString();
      const units = 6 * ((j % 100) + 1);
      const o: ShippingOrderItem = {
        id: `01BENCH${String(n).padStart(6, '0')}${String(j).padStart(8, '0')}`,
        ownerId: id,
        segment: 'B2B',
        warehouse: WAREHOUSE,
        reference: reference(j),
        statusCode: STATUSES[j % STATUSES.length] ?? '001',
        sender: null,
        recipient: null,
        pickupAddress: address(`Chateau ${j % 50}`, CITIES[j % CITIES.length] as string),
        deliveryAddress: address(`Cave ${j % 70}`, CITIES[(j + 2) % CITIES.length] as string),
        palletCount: 1 + (j % 4),
        parcelCount: units / 6,
        unitCount: units,
        weight: shippingWeight(units),
        // Half in the past, half from today on, spread over a year each way.
        pickupDate: day(today, (j % 730) - 366),
        deliveryDate: day(today, (j % 730) - 365),
        pickedupAt: null,
        deliveredAt: null,
        tracking: null,
        createdBy: null,
        updatedBy: null,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      for (const k of shippingOrderRecords.counters?.(o) ?? [])
        counts.set(JSON.stringify(k), (counts.get(JSON.stringify(k)) ?? 0) + 1);
      items.push(shippingOrderRecords.item(o), ...shippingOrderRecords.companionItems(o));
    }
    await batchPut(items);
  }
  await batchPut([...counts].map(([k, c]) => ({ ...JSON.parse(k), n: c })));
  console.log(`  seeded ${n.toLocaleString('en')} shipping orders in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  companies.invalidate();
  warehouses.invalidate();
  return id;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log(`Shipping order list, pages of 20, ${RUNS} requests per case and owner after 20 warm-up:`);
  const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
  for (const n of SIZES) {
    await seedOwner(n);
    const token = await benchSignIn(runtime.url, `bench${n}@cellar.test`);
    const cases = [
      { name: 'first page, default sort (-createdAt)', query: '' },
      { name: 'status filter (100)', query: '&filter[statusCode]=100' },
      { name: 'reference search (one match)', query: `&filter[search]=${reference(Math.floor(n / 2) + 1)}` },
      {
        name: 'next shipments (deliveryDate ge today, ascending)',
        query: `&filter[deliveryDate][ge]=${todayIn()}&sort=deliveryDate`,
      },
    ];
    for (const c of cases) {
      const r = await measure(
        runtime.url,
        token,
        `/api/shipping-orders?paginate=20&include=deliveryAddress,pickupAddress,warehouse${c.query}`,
        RUNS,
      );
      results[c.name] = { ...results[c.name], [n]: r };
      console.log(
        `  ${n.toLocaleString('en').padStart(7)} shipping orders, ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows, meta.total ${r.total})`,
      );
    }
  }
  for (const name of Object.keys(results)) console.log(ratioLine(name, results[name], SIZES));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
