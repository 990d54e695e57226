/**
 * The demo's catalogue: products of every family, their stock lines across warehouses and segments, each the sum
 * of a year of movements (catalogue-data.ts), and three lots of one dated product for the FEFO showcase.
 */
import type { CompanyItem } from '@cellar/functions/data/reference';
import { insertProduct, type ProductItem } from '@cellar/functions/products/repository';
import { insertMovement } from '@cellar/functions/stockMovements/repository';
import { insertStock, type StockItem } from '@cellar/functions/stocks/repository';
import { ulid } from 'ulid';
import { prng } from '../prng';
import { generateLedger, generateProduct, generateStock } from './catalogue-data';
import { inBatches, type Rng } from './people';

/** Products of every family, their stock lines across warehouses and segments, and a year of movements. */
export async function seedCatalogue(
  rng: Rng,
  owner: CompanyItem,
  wh: { id: string; code: string; name: string }[],
  o: { products: number; recipients: string[]; suppliers: string[] },
) {
  const warehouses = wh.filter((w) => owner.warehouseIds.includes(w.id));
  const segments: ('B2B' | 'B2C' | null)[] = owner.isPooledActivity ? [null] : owner.segments;
  const products = Array.from({ length: o.products }, (_, i) =>
    generateProduct(rng, owner.id, owner.warehouseIds, i + 1, ulid()),
  );
  await inBatches(products, 10, (p) => insertProduct(p, {}));
  // Each line is the sum of its history (the ledger's invariant holds on the demo as on real data); what orders
  // hold and receptions bring comes after, through the API.
  const ledgers = products.flatMap((p) =>
    Array.from({ length: rng.int(1, 3) }, () => {
      const line = generateStock(rng, p, owner.warehouseIds, segments, ulid());
      const w = warehouses.find((x) => x.id === line.warehouseId) ?? (wh[0] as (typeof wh)[number]);
      return generateLedger(rng, line, p, w, o, ulid);
    }),
  );
  const stocks = ledgers.map((l) => l.stock);
  const showcase = fefoShowcase(products, warehouses, segments, o);
  // Lines are written one by one: each also updates its product's stock summary.
  for (const s of [...stocks, ...showcase.map((l) => l.stock)]) await insertStock(s);
  const movements = [...ledgers, ...showcase].flatMap((l) => l.movements);
  await inBatches(movements, 10, insertMovement);
  return { products, stocks, movements: movements.length };
}

/**
 * Three lots of one dated product in one warehouse, expiring months apart, for the demo to show an order taking the
 * first to expire first. They draw from a generator of their own and stay out of the lines the demo's orders and
 * receptions pick from, so the rest of the demo is as it was.
 */
function fefoShowcase(
  products: ProductItem[],
  warehouses: { id: string; code: string; name: string }[],
  segments: ('B2B' | 'B2C' | null)[],
  names: { recipients: string[]; suppliers: string[] },
) {
  const product = products.find((p) => p.hasBatch && p.hasUbd);
  const warehouse = warehouses[0];
  if (!product || !warehouse) return [];
  const own = prng(4242);
  const segment = segments.includes('B2B') ? 'B2B' : (segments[0] ?? null);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return [120, 240, 360].map((days, i) => {
    const line = {
      ...generateStock(own, product, [warehouse.id], [segment], ulid()),
      quality: 'STD',
      batch: `L${26 + i}${String(100 + days).padStart(3, '0')}`,
      ubd: day(days),
    };
    return generateLedger(own, line, product, warehouse, names, ulid, 120);
  });
}

export type Catalogue = { products: ProductItem[]; stocks: StockItem[] };
