/** What the order tests share: a fresh stock line of CLI001 and a complete order body. */
import { todayIn } from '@cellar/shared/common/dates';
import { ulid } from 'ulid';
import { findProduct } from '../../functions/src/products/repository';
import { insertStock } from '../../functions/src/stocks/repository';
import { ADMIN1, type Harness } from './harness';

export const day = (n: number) =>
  new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let n = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}${++n}`;

/** A fresh stock line holding `quantity` (nothing allocated) of a product, in a warehouse. */
export async function freshStock(
  quantity: number,
  at: { productId: string; warehouseId: string },
  patch: { segment?: 'B2B' | 'B2C' | null; quality?: string; ubd?: string | null } = {},
) {
  const product = await findProduct(at.productId);
  if (!product) throw new Error('no product');
  const id = ulid();
  await insertStock({
    id,
    ownerId: product.ownerId,
    productId: product.id,
    productCode: product.code,
    product: { label: product.label, familyId: product.familyId, attributes: product.attributes },
    warehouseId: at.warehouseId,
    segment: patch.segment === undefined ? 'B2B' : patch.segment,
    quality: patch.quality ?? 'STD',
    batch: unique('L'),
    ubd: patch.ubd ?? null,
    bbd: null,
    quantity,
    quantity_allocated: 0,
    quantity_receive_in_progress: 0,
    quantity_on_arriving: 0,
    storedAt: null,
    createdAt: new Date().toISOString(),
    version: 1,
  });
  return id;
}

export const ADDRESS = {
  isCompany: true,
  company: 'Cave du Port',
  street: '1 quai',
  postcode: '33000',
  city: 'Bordeaux',
  country: 'FR',
};

/** A complete B2B order sending one unit of each stock line (a recipient contact of the owner given). */
export const orderBody = (stockIds: string | string[], customerId: string, patch: Record<string, unknown> = {}) => ({
  segment: 'B2B',
  reference: unique('O'),
  recipient: ADDRESS,
  customerId,
  pickupManagedByProduct: 1,
  shippingLabelRequired: 0,
  deliveryDate: day(2),
  statusCode: '005',
  stocks: (Array.isArray(stockIds) ? stockIds : [stockIds]).map((stockId) => ({ stockId, ordered: 1 })),
  ...patch,
});

/**
 * What the warehouse tests send from, read from the demo as its first client's admin: a batch-managed product
 * without a use-by date in its first warehouse, a recipient and a supplier (not the MULTI one).
 */
export async function warehouseFixtures(h: Harness) {
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  const recipient: string = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body
    .data[0].id;
  const supplier: string = (
    await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=5', { token })
  ).body.data.find((c: { code: string }) => c.code !== 'MULTI').id;
  const products = (await h.call('GET', '/api/products?paginate=100', { token })).body.data;
  const product = products.find(
    (p: { hidden: boolean; hasBatch: boolean; hasUbd: boolean }) => !p.hidden && p.hasBatch && !p.hasUbd,
  );
  return { at: { productId: product.id as string, warehouseId: me.warehouseIds[0] as string }, recipient, supplier };
}

/** Where CLI001's orders go in the tests: a recipient, a visible product and the admin's first warehouse. */
export async function orderPlace(h: Harness) {
  const token = await h.login(ADMIN1);
  const me = (await h.call('GET', '/api/auth/user', { token })).body;
  const recipient: string = (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body
    .data[0].id;
  const products = (await h.call('GET', '/api/products?paginate=50', { token })).body.data;
  const at = {
    productId: products.find((p: { hidden: boolean }) => !p.hidden).id as string,
    warehouseId: me.warehouseIds[0] as string,
  };
  return { recipient, at };
}
