/**
 * Stock lines (see data/ACCESS-PATTERNS.md):
 *   item       PK T#<owner>            SK STOCK#<productCode>#<id>   one product's lines together
 *   by id      GSI1PK ID#<id>          GSI1SK STOCK
 *   sellable   GSI2PK SELLABLE#<owner> GSI2SK <productCode>#<id>     sparse: only while something is sellable
 *   totals     PK COUNT#T#<owner>      SK STOCK#all / STOCK#sellable
 * Each write also keeps its product's stock summary.
 */
import { segmentCode } from '@cellar/shared/common/schemas';
import { availableQuantity, isSellable } from '@cellar/shared/stocks/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { companies } from '../data/reference';
import { queryPage, readCounter, updateIf } from '../data/table';
import { NotFoundError } from '../errors';

/** A change applied on behalf of a document: its step, and what it moved in the product's summary. */
const stockEffectMark = z.object({ seq: z.number().int(), quantity: z.number(), sellable: z.number() });

const stockItemSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  productId: z.string(),
  productCode: z.string(),
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
  /** The documents' changes applied to the line, for their replays to find (see effects.ts). */
  effects: z.record(z.string(), stockEffectMark).optional(),
});
export type StockItem = z.infer<typeof stockItemSchema>;

const stockCounters = (s: StockItem) => [
  keys.counter(keys.tenant(s.ownerId), 'STOCK#all'),
  ...(isSellable(s) ? [keys.counter(keys.tenant(s.ownerId), 'STOCK#sellable')] : []),
];

export const stockRecords = defineEntity<StockItem>({
  name: 'stock',
  schema: stockItemSchema,
  key: (s) => keys.stock(s.ownerId, s.productCode, s.id),
  indexes: (s) => ({
    GSI1: [keys.byId(s.id), 'STOCK'],
    // Sparse: only while something is sellable.
    ...(isSellable(s) ? { GSI2: [keys.sellableStocks(s.ownerId), `${s.productCode}#${s.id}`] as const } : {}),
  }),
  counters: stockCounters,
  // Stock lines live in their owner's partition: one range per company.
  everywhere: async () =>
    [...(await companies.get()).keys()].map((id) => ({ pk: keys.tenant(id), skPrefix: keys.stockPrefix() })),
});

export const summaryKey = (s: Pick<StockItem, 'warehouseId' | 'segment'>) => `${s.warehouseId}|${s.segment ?? '-'}`;

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

/** Stores a new stock line with its counters and its product's summary. */
export async function insertStock(s: StockItem): Promise<void> {
  await stockRecords.insert(s);
  await addToProductSummary(s, 1);
}

export async function findStock(id: string): Promise<StockItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'STOCK' }, 1);
  return items[0] ? stockRecords.parse(items[0]) : undefined;
}

export const countStocks = (ownerId: string, sellableOnly: boolean) =>
  readCounter(keys.counter(keys.tenant(ownerId), sellableOnly ? 'STOCK#sellable' : 'STOCK#all'));
