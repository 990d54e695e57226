/**
 * A product carries the summary of its stock, kept by every stock write; an edit of the product replaces the whole
 * item. A stock write landing between the edit's read and its write must not be undone by it: the summary update
 * moves the product's version, so the late edit is refused (409) and the summary stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaleVersionError } from '../../functions/src/errors';
import { findProduct, replaceProduct } from '../../functions/src/products/repository';
import { insertStock, productOfLine } from '../../functions/src/stocks/repository';
import { type Harness, startHarness } from './harness';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = await h.login('admin@cli001.test');
}, 120_000);
afterAll(() => h?.stop());

describe('A product edit racing a stock write', () => {
  it('is refused rather than putting the old stock summary back', async () => {
    // Prepare: the edit reads the product, then a reception adds 12 bottles before the edit writes.
    const listed = (await h.call('GET', '/api/products?paginate=1', { token })).body.data[0];
    const read = await findProduct(listed.id);
    if (!read) throw new Error('no product');
    const { warehouseIds } = (await h.call('GET', '/api/auth/user', { token })).body.company ?? { warehouseIds: [] };
    await insertStock({
      id: `race-${read.id}`,
      ownerId: read.ownerId,
      productId: read.id,
      productCode: read.code,
      product: productOfLine(read),
      warehouseId: read.warehouseId ?? warehouseIds?.[0] ?? 'W1',
      segment: null,
      quality: 'STD',
      batch: null,
      ubd: null,
      bbd: null,
      quantity: 12,
      quantity_allocated: 0,
      quantity_receive_in_progress: 0,
      quantity_on_arriving: 0,
      storedAt: null,
      createdAt: new Date().toISOString(),
      version: 1,
    });
    // Act
    const late = replaceProduct({ ...read, label: `${read.label} (edited)` }, read);
    // Assess
    await expect(late).rejects.toBeInstanceOf(StaleVersionError);
    expect((await findProduct(read.id))?.stock.quantity).toBe(read.stock.quantity + 12);
  });
});
