/**
 * Stock lines (see data/ACCESS-PATTERNS.md):
 *   item       PK T#<owner>            SK STOCK#<productCode>#<id>   one product's lines together
 *   by id      GSI1PK ID#<id>          GSI1SK STOCK
 *   sellable   GSI2PK SELLABLE#<owner> GSI2SK <productCode>#<id>     sparse: only while something is sellable
 *   every owner LS14PK STOCK#ALL       LS14SK <productCode>#<owner>#<id>   the superadmin's list
 *   list sorts LS1…LS13 T#<owner>#STOCK, one per sortable column (STOCK_LIST.indexes)
 *   one quality LS15PK T#<owner>#STOCK#QUALITY#<quality> LS15SK <label>#<productCode>#<id>   (STOCK_QUALITY_SORTS)
 *   search     SEARCH#T#<owner>#STOCK#<letter>: product code and label, batch
 *   totals     PK COUNT#T#<owner>      SK STOCK#all / STOCK#sellable; the dashboard's DASH#STOCK#… (data/figures.ts)
 * Each write also keeps its product's stock summary. A line carries what its list shows of its product (label,
 * sub-family, attributes), so the list sorts and filters on them without reading the products; a product's edit
 * rewrites its lines (`refreshProductOfLines`).
 */
import { segmentCode } from '@cellar/shared/common/schemas';
import { findSubFamily } from '@cellar/shared/referential/data';
import { STOCK_EVERY_OWNER_INDEX, STOCK_LIST, STOCK_QUALITY_LIST } from '@cellar/shared/stocks/routes';
import { availableQuantity, isSellable, stockWords } from '@cellar/shared/stocks/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { stockFigureRanges, stockFigures } from '../data/figures';
import { keys } from '../data/keys';
import { sortValue } from '../data/list';
import { companies } from '../data/reference';
import { putNew, queryPage, readCounter, updateIf } from '../data/table';
import { ItemExistsError, NotFoundError, StaleVersionError } from '../errors';

const stockItemSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  productId: z.string(),
  productCode: z.string(),
  /** What the list shows of the product, as it was at the product's last edit. */
  product: z.object({
    label: z.string(),
    familyId: z.string(),
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  }),
  warehouseId: z.string(),
  segment: segmentCode.nullable(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  quantity: z.number(),
  quantity_allocated: z.number(),
  quantity_receive_in_progress: z.number(),
  quantity_on_arriving: z.number(),
  storedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type StockItem = z.infer<typeof stockItemSchema>;

/** The part of a product a stock line carries. */
export const productOfLine = (p: {
  label: string;
  familyId: string;
  attributes: StockItem['product']['attributes'];
}) => ({
  label: p.label,
  familyId: p.familyId,
  attributes: p.attributes,
});

/** The list-sort and search partition of one owner's stock lines. */
export const stockListScope = (ownerId: string) => `${keys.tenant(ownerId)}#STOCK`;
export const EVERY_OWNER_STOCK = 'STOCK#ALL';
/** The list-sort partition of one owner's lines of one quality (STOCK_QUALITY_SORTS), the quality as filters fold it. */
export const stockQualityScope = (ownerId: string, quality: string) =>
  `${stockListScope(ownerId)}#QUALITY#${sortValue(quality)}`;

/** A line as its list sorts and searches it: the plan's columns, from the item alone. */
export const stockListRow = (s: StockItem) => {
  const family = findSubFamily(s.product.familyId);
  return {
    ...s,
    available: availableQuantity(s),
    product: {
      code: s.productCode,
      label: s.product.label,
      family: { name: family?.name ?? null },
      attributes: s.product.attributes,
    },
  };
};

const stockCounters = (s: StockItem, sellable = isSellable(s)) => [
  keys.counter(keys.tenant(s.ownerId), 'STOCK#all'),
  ...(sellable ? [keys.counter(keys.tenant(s.ownerId), 'STOCK#sellable')] : []),
  ...stockFigures(s, sellable),
];

/**
 * The counters a stored line is counted in. Its sellable ones follow its sellable index entry, not its figures: an
 * allocation applied as an atomic update (stocks/ledger.ts) moves the figures first, and the entry, the list-sort
 * keys and those counters together afterwards, when the line's derived keys are refreshed.
 */
export const storedStockCounters = (stored: Record<string, unknown>, s: StockItem) =>
  stockCounters(s, stored.GSI2PK !== undefined);

export const stockRecords = defineEntity<StockItem>({
  name: 'stock',
  schema: stockItemSchema,
  key: (s) => keys.stock(s.ownerId, s.productCode, s.id),
  indexes: (s) => ({
    GSI1: [keys.byId(s.id), 'STOCK'],
    // Sparse: only while something is sellable.
    ...(isSellable(s) ? { GSI2: [keys.sellableStocks(s.ownerId), `${s.productCode}#${s.id}`] as const } : {}),
    [STOCK_EVERY_OWNER_INDEX]: [EVERY_OWNER_STOCK, `${s.productCode}#${s.ownerId}#${s.id}`] as const,
  }),
  counters: (s) => stockCounters(s),
  counterRanges: stockFigureRanges,
  // Stock lines live in their owner's partition: one range per company.
  everywhere: async () =>
    [...(await companies.get()).keys()].map((id) => ({ pk: keys.tenant(id), skPrefix: keys.stockPrefix() })),
  list: {
    spec: STOCK_LIST,
    sortScope: (s) => stockListScope(s.ownerId),
    row: stockListRow,
    alsoSorted: { indexes: STOCK_QUALITY_LIST.indexes, sortScope: (s) => stockQualityScope(s.ownerId, s.quality) },
    search: { scopes: (s) => [stockListScope(s.ownerId)], words: (s) => stockWords(stockListRow(s)) },
  },
});

export const summaryKey = (s: Pick<StockItem, 'warehouseId' | 'segment'>) => `${s.warehouseId}|${s.segment ?? '-'}`;

/** A product's stock summary as its lines make it: their quantity, and what is sellable per warehouse and segment. */
export function summaryOf(lines: Iterable<StockItem>): { quantity: number; sellable: Record<string, number> } {
  const sum = { quantity: 0, sellable: {} as Record<string, number> };
  for (const s of lines) {
    sum.quantity += s.quantity;
    const k = summaryKey(s);
    sum.sellable[k] = (sum.sellable[k] ?? 0) + (isSellable(s) ? availableQuantity(s) : 0);
  }
  return sum;
}

/** Adds a line's quantities to its product's stock summary. */
export async function addToProductSummary(s: StockItem, sign: 1 | -1): Promise<void> {
  const applied = await updateIf(keys.product(s.ownerId, s.productCode), {
    // The version moves too: a product edit read before this write must not put the old summary back.
    update:
      'SET #s.#q = if_not_exists(#s.#q, :zero) + :q, #s.#sel.#k = if_not_exists(#s.#sel.#k, :zero) + :a, #v = #v + :one',
    condition: 'attribute_exists(PK)',
    names: { '#s': 'stock', '#q': 'quantity', '#sel': 'sellable', '#k': summaryKey(s), '#v': 'version' },
    values: {
      ':zero': 0,
      ':one': 1,
      ':q': sign * s.quantity,
      ':a': sign * (isSellable(s) ? availableQuantity(s) : 0),
    },
  });
  if (!applied) throw new NotFoundError();
}

/** A line's lot claim: its natural key naming it (stocks/lots.ts finds a lot's line by it). */
export const lotClaim = (s: StockItem) => ({
  ...keys.lot(s.ownerId, {
    productId: s.productId,
    warehouseId: s.warehouseId,
    segment: s.segment,
    quality: s.quality,
    batch: s.batch?.trim() || null,
    ubd: s.ubd || null,
    bbd: s.bbd || null,
  }),
  entity: 'lotClaim',
  id: s.id,
});

/**
 * Stores a new stock line with its counters and its product's summary, and claims its lot when no line holds it
 * (a line created by lots.ts holds its claim already).
 */
export async function insertStock(s: StockItem, lotClaimed = false): Promise<void> {
  try {
    if (!lotClaimed) await putNew(lotClaim(s));
  } catch (e) {
    if (!(e instanceof ItemExistsError)) throw e;
  }
  await stockRecords.insert(s);
  // A new lot's line starts empty: its product's summary does not move.
  if (s.quantity !== 0 || (isSellable(s) && availableQuantity(s) !== 0)) await addToProductSummary(s, 1);
}

export async function findStock(id: string): Promise<StockItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'STOCK' }, 1);
  return items[0] ? stockRecords.parse(items[0]) : undefined;
}

export const countStocks = (ownerId: string, sellableOnly: boolean) =>
  readCounter(keys.counter(keys.tenant(ownerId), sellableOnly ? 'STOCK#sellable' : 'STOCK#all'));

const sameProduct = (a: StockItem['product'], b: StockItem['product']) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes a product's edit into its stock lines (what the stock list sorts, filters and shows of it). Each line is
 * rewritten under its version, re-read when a stock write came first; a line already showing the edit is left.
 */
export async function refreshProductOfLines(ownerId: string, productCode: string, product: StockItem['product']) {
  for await (const line of stockRecords.query({ pk: keys.tenant(ownerId), skPrefix: keys.stockPrefix(productCode) })) {
    let current: StockItem | undefined = line;
    while (current && !sameProduct(current.product, product)) {
      try {
        await stockRecords.replace({ ...current, product }, current);
        break;
      } catch (e) {
        if (!(e instanceof StaleVersionError)) throw e;
        current = await stockRecords.get(keys.stock(ownerId, productCode, line.id));
      }
    }
  }
}
