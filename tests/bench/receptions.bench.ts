/**
 * Benchmark: the reception list through the local runtime (HTTP → gateway → Lambda handler → dynalite) for an owner
 * holding 1,000 and one holding RECEPTIONS_MAX (100,000 by default) receptions: the first page in the default sort
 * (newest first), with a status filter, with a supplier filter (one supplier in 20) and with a rare supplier's name.
 * None may read the partition: each large figure should stay within 2× of the 1,000 one, every p95 under 100 ms.
 * Then the close of a reception of 200 lines (each a new lot): its time and the items it writes. Then 500 new lots
 * of one product that already holds 500 lines: each finds its twin by one keyed read, not by reading the product's
 * lines, so the reception's save costs the same whatever the product holds.
 * Run: npm run bench:receptions  (generates its data in a throw-away directory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addressFields } from '@cellar/shared/common/address';
import { warehouseItem } from '../../functions/src/companies/repository';
import { type ContactItem, contactRecords } from '../../functions/src/contacts/repository';
import { companies, warehouses } from '../../functions/src/data/reference';
import { batchPut } from '../../functions/src/data/table';
import { type ProductItem, productRecords } from '../../functions/src/products/repository';
import { type ReceptionItem, receptionRecords } from '../../functions/src/receptions/repository';
import { userItems } from '../../functions/src/users/repository';
import { startRuntime } from '../../infra/local/runtime';
import { measure, ratioLine } from './measure';
import { benchProduct, benchSignIn, benchTenantItems, benchUser, countWrites } from './tenant';

const SIZES = [1_000, Number(process.env.RECEPTIONS_MAX ?? 100_000)];
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SUPPLIERS = 20;
const STATUSES = ['000', '001', '100', '200'] as const;
const WAREHOUSE = { id: 'W1', code: 'BEN', name: 'Bench' };

const supplierOf = (owner: string, k: number): ContactItem => ({
  id: `${owner}-S${k}`,
  type: 'supplier',
  code: `S${String(k).padStart(2, '0')}`,
  ownerId: owner,
  warehouseId: null,
  segment: null,
  address: addressFields.parse({
    company: k === SUPPLIERS - 1 ? 'Zinfandel Rare' : `Fournisseur ${k}`,
    street: '1 rue A',
    postcode: '33000',
    city: 'Bordeaux',
  }),
  comment: '',
  services: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  version: 1,
});

/** An owner with its admin, suppliers and n receptions written in bulk through the entity layer. */
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
  const suppliers = Array.from({ length: SUPPLIERS }, (_, k) => supplierOf(id, k));
  await batchPut(suppliers.flatMap((s) => [contactRecords.item(s), ...contactRecords.companionItems(s)]));
  const started = Date.now();
  const start = Date.parse('2024-01-01T00:00:00Z');
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i += 5_000) {
    const items = [];
    for (let j = i; j < Math.min(n, i + 5_000); j++) {
      // The rare supplier gets one reception in 5,000; the others share the rest.
      const s = suppliers[j % 5_000 === 17 ? SUPPLIERS - 1 : j % (SUPPLIERS - 1)] as ContactItem;
      const at = new Date(start + j * 60_000).toISOString();
      const r: ReceptionItem = {
        id: `01BENCH${String(n).padStart(6, '0')}${String(j).padStart(8, '0')}`,
        ownerId: id,
        segment: 'B2B',
        warehouse: WAREHOUSE,
        reference: `RC${String(j).padStart(7, '0')}`,
        expectedAt: at.slice(0, 10),
        supplier: { id: s.id, code: s.code, name: s.address.company },
        statusCode: STATUSES[j % STATUSES.length] ?? '000',
        lines: [],
        expectedQuantity: (j % 50) * 12,
        receivedQuantity: 0,
        seq: 0,
        transition: null,
        closed: null,
        arrivedAt: null,
        wmsSeq: 0,
        createdAt: at,
        updatedAt: at,
        version: 1,
      };
      for (const { by, ...k } of receptionRecords.counters?.(r) ?? [])
        counts.set(JSON.stringify(k), (counts.get(JSON.stringify(k)) ?? 0) + (by ?? 1));
      items.push(receptionRecords.item(r), ...receptionRecords.companionItems(r));
    }
    await batchPut(items);
  }
  await batchPut([...counts].map(([k, c]) => ({ ...JSON.parse(k), n: c })));
  console.log(`  seeded ${n.toLocaleString('en')} receptions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  companies.invalidate();
  warehouses.invalidate();
  return id;
}

async function signIn(url: string, n: number) {
  return benchSignIn(url, `bench${n}@cellar.test`);
}

/**
 * The provider's staff, who move a reception through the warehouse's statuses (100, 200) as its messages would: a
 * client may not (issue 22).
 */
async function staffToken(url: string, owner: string) {
  const email = 'staff@bench.test';
  const staff = await benchUser(
    { id: owner, warehouseIds: [WAREHOUSE.id], email },
    { id: 'U-BENCH-STAFF', roleLevel: 100, lastname: 'Staff' },
  );
  await batchPut(userItems(staff));
  return benchSignIn(url, email);
}

async function closeOf200Lines(url: string, token: string, owner: string) {
  const staff = await staffToken(url, owner);
  const products: ProductItem[] = Array.from({ length: 200 }, (_, k) =>
    benchProduct(owner, WAREHOUSE.id, {
      id: `${owner}-P${k}`,
      code: `BP${String(k).padStart(4, '0')}`,
      label: `Bench product ${k}`,
    }),
  );
  await batchPut(products.map((p) => productRecords.item(p)));
  const call = async (method: string, path: string, body: unknown, as = token) => {
    const t = performance.now();
    const res = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { id: string };
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return { ms: performance.now() - t, json };
  };
  const counter = countWrites();
  const created = await call('POST', '/api/receptions', {
    segment: 'B2B',
    warehouseId: WAREHOUSE.id,
    reference: 'BENCH-200',
    expectedAt: '2099-01-01',
    supplierId: `${owner}-S0`,
    statusCode: '001',
    stocks: products.map((p, k) => ({ productId: p.id, quality: 'STD', batch: `L${k}`, expected: 12 })),
  });
  const createWrites = counter.writes;
  console.log(
    `Create (001) of 200 lines, each a new lot: ${created.ms.toFixed(0)} ms, ${createWrites} item writes (${(createWrites / 200).toFixed(1)} per line)`,
  );
  const progress = await call('PUT', `/api/receptions/${created.json.id}`, { statusCode: '100' }, staff);
  const progressWrites = counter.writes - createWrites;
  console.log(`001 → 100 of 200 lines: ${progress.ms.toFixed(0)} ms, ${progressWrites} item writes`);
  const close = await call('PUT', `/api/receptions/${created.json.id}`, { statusCode: '200' }, staff);
  const closeWrites = counter.writes - createWrites - progressWrites;
  console.log(
    `Close (100 → 200) of 200 lines: ${close.ms.toFixed(0)} ms, ${closeWrites} item writes (${(closeWrites / 200).toFixed(1)} per line)`,
  );
}

async function lotsOfABusyProduct(url: string, token: string, owner: string) {
  const product = benchProduct(owner, WAREHOUSE.id, { id: `${owner}-BUSY`, code: 'BUSY', label: 'Busy product' });
  await batchPut([productRecords.item(product)]);
  const save = async (reference: string, batch: string, statusCode: string) => {
    const t = performance.now();
    const res = await fetch(`${url}/api/receptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        segment: 'B2B',
        warehouseId: WAREHOUSE.id,
        reference,
        expectedAt: '2099-01-01',
        supplierId: `${owner}-S0`,
        statusCode,
        stocks: Array.from({ length: 500 }, (_, k) => ({
          productId: product.id,
          quality: 'STD',
          batch: `${batch}${k}`,
          expected: 6,
        })),
      }),
    });
    if (res.status !== 201) throw new Error(`${reference}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return performance.now() - t;
  };
  const first = await save('BUSY-1', 'A', '001');
  const second = await save('BUSY-2', 'B', '001');
  console.log(
    `500 new lots of one product: ${first.toFixed(0)} ms with no line yet, ${second.toFixed(0)} ms once it holds 500`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  console.log(`Reception list, pages of 20, ${RUNS} requests per case and owner after 20 warm-up:`);
  const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
  let owner = '';
  let token = '';
  for (const n of SIZES) {
    owner = await seedOwner(n);
    token = await signIn(runtime.url, n);
    const cases = [
      { name: 'first page, default sort (-createdAt)', query: '' },
      { name: 'status filter (100)', query: '&filter[statusCode]=100' },
      { name: 'supplier filter (one in 19)', query: `&filter[supplier.id]=${owner}-S3` },
      { name: 'rare supplier (name)', query: '&filter[supplier.name]=Zinfandel Rare' },
    ];
    for (const c of cases) {
      const r = await measure(
        runtime.url,
        token,
        `/api/receptions?paginate=20&include=supplier,warehouse${c.query}`,
        RUNS,
      );
      results[c.name] = { ...results[c.name], [n]: r };
      console.log(
        `  ${n.toLocaleString('en').padStart(7)} receptions, ${c.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows, meta.total ${r.total})`,
      );
    }
  }
  for (const name of Object.keys(results)) console.log(ratioLine(name, results[name], SIZES));
  await closeOf200Lines(runtime.url, token, owner);
  await lotsOfABusyProduct(runtime.url, token, owner);
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
