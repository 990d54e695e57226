/**
 * A tenant holding n stock movements, written straight into the table in batches (benchmarks and the large-export
 * tests): its admin, a warehouse, a few products and stock lines, and the movements as the entity layer stores
 * them under their key, without their search words and index attributes unless asked (an export reads the owner's
 * key range only; every index an item feeds is a further write in the emulator, which then writes several times
 * slower). The runtime's environment must be set (startRuntime) before the call.
 */
import { warehouseItem } from '../../functions/src/companies/repository';
import { batchPut, type Item } from '../../functions/src/data/table';
import type { ProductItem } from '../../functions/src/products/repository';
import { movementRecords } from '../../functions/src/stockMovements/repository';
import { prng } from '../../infra/local/prng';
import { generateMovement, generateProduct, generateStock } from '../../infra/local/seed/catalogue-data';
import { benchTenantItems } from './tenant';

const WAREHOUSE = { id: 'WMV', code: 'MVT', name: 'Entrepôt des mouvements' };
const INDEX_KEY = /^(GSI|LS)\d+(PK|SK)$/;
/** Batches written side by side. */
const WRITERS = 4;
const BATCH = 500;

export interface SeededMovements {
  /** The admin's e-mail (BENCH_PASSWORD). */
  email: string;
  ownerId: string;
}

/**
 * Writes the tenant `code` and its n movements, one a minute back from 2026-11-01; `note(i)` gives the i-th its
 * note (empty by default).
 */
export async function seedMovements(
  code: string,
  n: number,
  note: (i: number) => string = () => '',
  indexed = false,
): Promise<SeededMovements> {
  const rng = prng(n);
  const id = `MOVES-${code}`;
  const email = `${code.toLowerCase()}@moves.test`;
  await batchPut([
    warehouseItem(WAREHOUSE),
    ...(await benchTenantItems({ id, warehouseIds: [WAREHOUSE.id], email, lastname: code })),
  ]);
  const products = Array.from({ length: 20 }, (_, i) => generateProduct(rng, id, [WAREHOUSE.id], i + 1, `${id}-P${i}`));
  const stocks = Array.from({ length: 60 }, (_, i) =>
    generateStock(rng, products[i % products.length] as ProductItem, [WAREHOUSE.id], ['B2B', 'B2C'], `${id}-S${i}`),
  );
  const names = { recipients: ['Cave Martin', 'Bistrot du Port', 'Hôtel des Vignes'], suppliers: ['FOU0001'] };
  const start = Date.UTC(2026, 10, 1);
  let next = 0;
  const batch = (): Item[] => {
    const items: Item[] = [];
    for (; next < n && items.length < BATCH; next++) {
      const s = stocks[next % stocks.length] as (typeof stocks)[number];
      const p = products.find((x) => x.code === s.productCode) as ProductItem;
      const m = generateMovement(rng, s, p, WAREHOUSE, new Date(start - next * 60_000), `${id}-M${next}`, names);
      const item = movementRecords.item({ ...m, note: note(next) });
      items.push(indexed ? item : Object.fromEntries(Object.entries(item).filter(([k]) => !INDEX_KEY.test(k))));
    }
    return items;
  };
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let items = batch(); items.length; items = batch()) await batchPut(items);
    }),
  );
  return { email, ownerId: id };
}
