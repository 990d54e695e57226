import { availableQuantity, isSellable } from '@cellar/shared/stocks/schemas';
import { keys } from '../data/keys';
import { addToCounter, type Item, putItem, queryPage, readCounter, updateIf } from '../data/table';
import { NotFoundError } from '../errors';

export interface StockItem {
  id: string;
  ownerId: string;
  productId: string;
  productCode: string;
  warehouseId: string;
  segment: 'B2B' | 'B2C' | null;
  quality: string;
  batch: string | null;
  ubd: string | null;
  bbd: string | null;
  quantity: number;
  quantity_allocated: number;
  quantity_receive_in_progress: number;
  quantity_on_arriving: number;
  storedAt: string | null;
  createdAt: string;
  version: number;
}

export function stockItem(s: StockItem) {
  return {
    ...keys.stock(s.ownerId, s.productCode, s.id),
    GSI1PK: keys.byId(s.id),
    GSI1SK: 'STOCK',
    ...(isSellable(s) ? { GSI2PK: keys.sellableStocks(s.ownerId), GSI2SK: `${s.productCode}#${s.id}` } : {}),
    entity: 'stock',
    ...s,
  };
}

export function fromItem(item: Item): StockItem {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest as unknown as StockItem;
}

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
  await putItem(stockItem(s));
  const scope = keys.tenant(s.ownerId);
  await Promise.all([
    addToCounter(keys.counter(scope, 'STOCK#all'), 1),
    isSellable(s) ? addToCounter(keys.counter(scope, 'STOCK#sellable'), 1) : Promise.resolve(),
    addToProductSummary(s, 1),
  ]);
}

export async function findStock(id: string): Promise<StockItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'STOCK' }, 1);
  return items[0] ? fromItem(items[0]) : undefined;
}

export const countStocks = (ownerId: string, sellableOnly: boolean) =>
  readCounter(keys.counter(keys.tenant(ownerId), sellableOnly ? 'STOCK#sellable' : 'STOCK#all'));
