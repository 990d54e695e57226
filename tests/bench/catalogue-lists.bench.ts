/**
 * Benchmark: the stock movement and stock lists' first pages through the local runtime (HTTP → gateway →
 * Lambda handler → dynalite), for one tenant holding 5,000 products, 50,000 stock lines and 200,000 movements,
 * and for one holding the same shape with 2,000 movements. Data is generated here, not by the demo seed.
 * Targets: every first page under 100 ms p95; the 200,000-movement figures within 2× of the 2,000 ones.
 * Run: npm run bench:catalogue (the request logs are silenced by POWERTOOLS_LOG_LEVEL=SILENT in the script)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableQuantity, isSellable } from '@cellar/shared/stocks/schemas';
import { warehouseItem } from '../../functions/src/companies/repository';
import { keys } from '../../functions/src/data/keys';
import { companies, warehouses } from '../../functions/src/data/reference';
import { batchPut, type Item } from '../../functions/src/data/table';
import { type ProductItem, productRecords } from '../../functions/src/products/repository';
import { counterScope, movementCounters, movementRecords } from '../../functions/src/stockMovements/repository';
import { stockRecords, summaryKey } from '../../functions/src/stocks/repository';
import { prng } from '../../infra/local/prng';
import { startRuntime } from '../../infra/local/runtime';
import { generateMovement, generateProduct, generateStock } from '../../infra/local/seed/catalogue-data';
import { measure } from './measure';
import { benchSignIn, benchTenantItems } from './tenant';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WAREHOUSES = [
  { id: 'WB1', code: 'BDX', name: 'Bordeaux' },
  { id: 'WB2', code: 'COG', name: 'Cognac' },
  { id: 'WB3', code: 'REI', name: 'Reims' },
];

/** Writes a tenant in bulk, with the counters and stock summaries the normal writes would have kept. */
async function loadTenant(code: string, sizes: { products: number; stocks: number; movements: number }) {
  const started = Date.now();
  const rng = prng(sizes.movements);
  const id = `BENCH-${code}`;
  const warehouseIds = WAREHOUSES.map((w) => w.id);
  const email = `${code.toLowerCase()}@bench.test`;
  await batchPut(await benchTenantItems({ id, warehouseIds, email, lastname: code }));
  const counters = new Map<string, number>();
  const count = (scope: string, name: string, by = 1) =>
    counters.set(`${scope}\u0000${name}`, (counters.get(`${scope}\u0000${name}`) ?? 0) + by);
  const products: ProductItem[] = Array.from({ length: sizes.products }, (_, i) =>
    generateProduct(rng, id, warehouseIds, i + 1, `${id}-P${i}`),
  );
  const stocks = Array.from({ length: sizes.stocks }, (_, i) =>
    generateStock(rng, products[i % products.length] as ProductItem, warehouseIds, ['B2B', 'B2C'], `${id}-S${i}`),
  );
  for (const s of stocks) {
    const p = products.find((x) => x.code === s.productCode) as ProductItem;
    p.stock.quantity += s.quantity;
    const k = summaryKey(s);
    p.stock.sellable[k] = (p.stock.sellable[k] ?? 0) + (isSellable(s) ? availableQuantity(s) : 0);
    count(keys.tenant(id), 'STOCK#all');
    if (isSellable(s)) count(keys.tenant(id), 'STOCK#sellable');
  }
  for (const p of products) count(keys.tenant(id), p.hidden ? 'PRODUCT#hidden' : 'PRODUCT#visible');
  await batchPut(products.map(productRecords.item));
  await batchPut(stocks.map(stockRecords.item));
  const names = {
    recipients: ['Cave Martin', 'Bistrot du Port', 'Hôtel des Vignes'],
    suppliers: ['FOU0001', 'FOU0002'],
  };
  const span = 365 * 24 * 3_600_000;
  const chunk: Item[] = [];
  for (let i = 0; i < sizes.movements; i++) {
    const s = stocks[rng.int(0, stocks.length - 1)] as (typeof stocks)[number];
    const p = products.find((x) => x.code === s.productCode) as ProductItem;
    const w = WAREHOUSES.find((x) => x.id === s.warehouseId) as (typeof WAREHOUSES)[number];
    const m = generateMovement(
      rng,
      s,
      p,
      w,
      new Date(Date.UTC(2026, 0, 1) + Math.floor((i / sizes.movements) * span)),
      `${id}-M${i}`,
      names,
    );
    for (const c of movementCounters(m)) if (c.scope !== counterScope('ALL')) count(c.scope, c.name);
    chunk.push(movementRecords.item(m), ...movementRecords.companionItems(m));
    if (chunk.length >= 5000) await batchPut(chunk.splice(0));
  }
  await batchPut(chunk);
  await batchPut(
    [...counters].map(([k, n]) => {
      const [scope, name] = k.split('\u0000') as [string, string];
      return { ...keys.counter(scope, name), n };
    }),
  );
  console.log(
    `  loaded ${code}: ${sizes.products} products, ${sizes.stocks} stock lines, ${sizes.movements} movements in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return { email, productCode: (products[7] as ProductItem).code };
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  await batchPut(WAREHOUSES.map(warehouseItem));
  console.log('Catalogue lists, first page of 20, through the local runtime:');
  const small = await loadTenant('SMALL', { products: 5_000, stocks: 50_000, movements: 2_000 });
  const large = await loadTenant('LARGE', { products: 5_000, stocks: 50_000, movements: 200_000 });
  companies.invalidate();
  warehouses.invalidate();
  const queries = (productCode: string) => [
    ['movements, default sort (date desc)', '/api/stock-movements?paginate=20'],
    ['movements, product-code filter', `/api/stock-movements?paginate=20&filter[stock.product.code]=${productCode}`],
    ['movements, date-range filter (June)', '/api/stock-movements?paginate=20&filter[date][bt]=2026-06-01,2026-06-30'],
    ['movements, rare search term (a product code)', `/api/stock-movements?paginate=20&filter[search]=${productCode}`],
    ['movements, column filter (reason code CASSE)', '/api/stock-movements?paginate=20&filter[reasonCode]=CASSE'],
    ['movements, sorted by quantity', '/api/stock-movements?paginate=20&sort=-quantity'],
    ['movements, page 50', '/api/stock-movements?paginate=20&page=50'],
    ['stock, external filters', '/api/stocks?paginate=20&filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO'],
  ];
  const results: Record<string, Record<string, { p50: number; p95: number }>> = {};
  for (const [name, tenant] of [
    ['2k', small],
    ['200k', large],
  ] as const) {
    const access_token = await benchSignIn(runtime.url, tenant.email);
    results[name] = {};
    for (const [label, path] of queries(tenant.productCode)) {
      const r = await measure(runtime.url, access_token, path as string, RUNS);
      (results[name] as Record<string, { p50: number; p95: number }>)[label as string] = r;
      console.log(
        `  ${name.padStart(4)} movements · ${String(label).padEnd(46)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  (${r.rows} rows of ${r.total})`,
      );
    }
  }
  for (const [label] of queries('')) {
    const a = results['2k']?.[label as string];
    const b = results['200k']?.[label as string];
    if (a && b)
      console.log(
        `  ratio 200k/2k · ${String(label).padEnd(46)} p50 ${(b.p50 / a.p50).toFixed(2)}×  p95 ${(b.p95 / a.p95).toFixed(2)}×`,
      );
  }
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
