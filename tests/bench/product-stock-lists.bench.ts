/**
 * Benchmark: the product, stock and user lists' first pages through the local runtime (HTTP → gateway → Lambda
 * handler → dynalite), each for one tenant of a small and of a large size, with a search, a column filter, a sort
 * on a list-sort column and a far page read by cursor. Data is generated here (with its list-sort keys and search
 * words, as the entity layer writes them), not by the demo seed.
 * Targets: every first page under 100 ms p95; the large figures within 2× of the small ones.
 * Run: npm run bench:lists (BENCH_SIZES=1000,100000 by default; BENCH_RUNS=100; BENCH_ONLY=users, products or
 * stock loads and measures those cases alone: the products' cases write no stock line and no user, only the
 * products with the stock summaries of the same generated lines)
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
import { stockRecords, summaryKey } from '../../functions/src/stocks/repository';
import { userItems } from '../../functions/src/users/repository';
import { prng } from '../../infra/local/prng';
import { startRuntime } from '../../infra/local/runtime';
import { generateProduct, generateStock } from '../../infra/local/seed/catalogue-data';
import { measure, ratioLine } from './measure';
import { benchSignIn, benchTenantItems, benchUser } from './tenant';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
/** The cases measured: 'users', 'products', 'stock' (their labels' first word), or all. */
const ONLY = process.env.BENCH_ONLY;
const WAREHOUSES = [
  { id: 'WB1', code: 'BDX', name: 'Bordeaux' },
  { id: 'WB2', code: 'COG', name: 'Cognac' },
];

/** A tenant with `size` stock lines, a fifth as many products and a tenth as many users, written in bulk. */
async function loadTenant(size: number) {
  const started = Date.now();
  const rng = prng(size);
  const code = `B${size}`;
  const id = `BENCH-${code}`;
  const warehouseIds = WAREHOUSES.map((w) => w.id);
  const tenant = { id, warehouseIds, email: `admin.${code.toLowerCase()}@bench.test` };
  await batchPut(await benchTenantItems(tenant));
  const user = (n: number) =>
    benchUser(tenant, {
      id: `${id}-U${n}`,
      email: `u${n}.${code.toLowerCase()}@bench.test`,
      firstname: rng.pick(['Élise', 'Jean', 'Marie', 'Paul', 'Chloé']),
      lastname: `Nom${String(n).padStart(6, '0')}`,
      roleLevel: rng.pick([1, 2] as const),
      active: rng.next() < 0.9,
      createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    });
  const catalogue = ONLY !== 'users';
  // The products' cases read products alone (their stock summaries, computed below from the lines generated): the
  // lines and the users are written only for the cases that read them.
  const stockRows = !ONLY || ONLY === 'stock';
  const users = !ONLY || ONLY === 'users';
  const products: ProductItem[] = Array.from({ length: catalogue ? size / 5 : 0 }, (_, i) =>
    generateProduct(rng, id, warehouseIds, i + 1, `${id}-P${i}`),
  );
  const stocks = Array.from({ length: catalogue ? size : 0 }, (_, i) =>
    generateStock(rng, products[i % products.length] as ProductItem, warehouseIds, ['B2B', 'B2C'], `${id}-S${i}`),
  );
  const counters = new Map<string, number>();
  const count = (name: string) => counters.set(name, (counters.get(name) ?? 0) + 1);
  const byCode = new Map(products.map((p) => [p.code, p]));
  for (const s of stocks) {
    const p = byCode.get(s.productCode) as ProductItem;
    p.stock.quantity += s.quantity;
    const k = summaryKey(s);
    p.stock.sellable[k] = (p.stock.sellable[k] ?? 0) + (isSellable(s) ? availableQuantity(s) : 0);
    count('STOCK#all');
    if (isSellable(s)) count('STOCK#sellable');
  }
  for (const p of products) count(p.hidden ? 'PRODUCT#hidden' : 'PRODUCT#visible');
  const items: Item[] = [
    ...(await Promise.all(Array.from({ length: users ? size / 10 : 0 }, (_, n) => user(n)))).flatMap(userItems),
    ...products.flatMap((p) => [productRecords.item(p), ...productRecords.companionItems(p)]),
    ...(stockRows ? stocks : []).flatMap((s) => [stockRecords.item(s), ...stockRecords.companionItems(s)]),
    ...[...counters].map(([name, n]) => ({ ...keys.counter(keys.tenant(id), name), n })),
  ];
  for (let i = 0; i < items.length; i += 5000) await batchPut(items.slice(i, i + 5000));
  console.log(
    `  loaded ${code}: ${products.length} products, ${stockRows ? stocks.length : 0} stock lines, ${users ? size / 10 : 0} users (${items.length} items) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const sample = stocks[Math.floor(size / 2)];
  return {
    email: tenant.email,
    productCode: sample?.productCode ?? '',
  };
}

/** The path of page `page`, reached by cursor from page 1 (as the grid scrolling down does). */
async function byCursor(url: string, token: string, path: string, page: number): Promise<string> {
  let cursor = '';
  for (let p = 1; p < page; p++) {
    const res = await fetch(`${url}${path}&page=${p}${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    cursor = ((await res.json()) as { meta: { cursor?: string } }).meta.cursor ?? '';
  }
  return `${path}&page=${page}&cursor=${cursor}`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cellar-bench-'));
const runtime = await startRuntime({ port: 0, dataDir, seed: false });
try {
  await batchPut(WAREHOUSES.map(warehouseItem));
  console.log('Product, stock and user lists, first page of 20, through the local runtime:');
  const tenants = [];
  for (const size of SIZES) tenants.push({ size, ...(await loadTenant(size)) });
  companies.invalidate();
  warehouses.invalidate();
  const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
  for (const t of tenants) {
    const access_token = await benchSignIn(runtime.url, t.email);
    const cases: [string, string][] = [
      ['products, default sort (code)', '/api/products?paginate=20'],
      // The same words at both sizes: an estate's name (one wine in twelve or so) and the commonest word of labels.
      ['products, search (an estate: lafleur)', '/api/products?paginate=20&filter[search]=lafleur'],
      ['products, search (a common word: château)', '/api/products?paginate=20&filter[search]=chateau'],
      ['products, column filter (colour RG)', '/api/products?paginate=20&filter[attributes.color]=RG'],
      ['products, sorted by label', '/api/products?paginate=20&sort=label'],
      [
        'products, order grid (sellable, visible)',
        '/api/products?paginate=20&hidden=false&filter[stocks.available][gt]=0',
      ],
      ['stock, default sort (product code)', '/api/stocks?paginate=20'],
      ['stock, sellable view', '/api/stocks?paginate=20&filter[available][gt]=0&filter[quality][notIn]=BLO,NC,NCO'],
      ['stock, one product', `/api/stocks?paginate=20&filter[product.code]=${t.productCode}`],
      ['stock, search (a product code)', `/api/stocks?paginate=20&filter[search]=${t.productCode}`],
      ['stock, sorted by quantity', '/api/stocks?paginate=20&sort=-quantity'],
      ['stock, filter quality NCO (default sort)', '/api/stocks?paginate=20&filter[quality]=NCO'],
      ['stock, filter quality NCO, sorted by label', '/api/stocks?paginate=20&filter[quality]=NCO&sort=product.label'],
      [
        'stock, page 40 by cursor, sorted by quantity',
        await byCursor(runtime.url, access_token, '/api/stocks?paginate=20&sort=-quantity', 40),
      ],
      ['users, default sort (last name)', '/api/users?paginate=20'],
      ['users, sorted by e-mail', '/api/users?paginate=20&sort=email'],
      ['users, search (a first name)', '/api/users?paginate=20&filter[search]=chloe'],
    ];
    for (const [label, path] of cases.filter(([label]) => !ONLY || label.startsWith(ONLY))) {
      const r = await measure(runtime.url, access_token, path, RUNS);
      results[label] = { ...results[label], [t.size]: r };
      console.log(
        `  ${String(t.size).padStart(6)} · ${label.padEnd(46)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  (${r.rows} rows of ${r.total})`,
      );
    }
  }
  for (const [label, bySize] of Object.entries(results)) console.log(ratioLine(label, bySize, SIZES));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
