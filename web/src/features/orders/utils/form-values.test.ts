import { ORDER_CONTENT_FIELDS, type OrderLine } from '@cellar/shared/orders/schemas';
import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../../../components/forms/address-values';
import { anOrder } from '../testing/order-pages.testing';
import { formValuesOf, orderBody } from './form-values';

const lineIn = (warehouseId: string, stockId: string): OrderLine => ({
  id: stockId,
  position: 1,
  stockId,
  product: { id: 'p1', code: 'CHB001', label: 'Château B', pcb: 6 },
  warehouse: { id: warehouseId, code: warehouseId, name: warehouseId },
  quality: 'STD',
  batch: null,
  ubd: null,
  bbd: null,
  ordered: 6,
  prepared: null,
  uniqueKey: `CHB001|${stockId}`,
});

describe('Function: formValuesOf', () => {
  it('keeps the departure warehouse chosen for lines in several warehouses, not the one lines in one took', () => {
    // Prepare
    const single = anOrder({ statusCode: '000', warehouseId: 'W1', stocks: [lineIn('W1', 's1')] });
    const spread = anOrder({ statusCode: '000', warehouseId: 'W2', stocks: [lineIn('W1', 's1'), lineIn('W2', 's2')] });
    // Act / Assess
    expect(formValuesOf(single, null).warehouseId).toBeNull();
    expect(formValuesOf(spread, null).warehouseId).toBe('W2');
  });
});

describe('Function: orderBody', () => {
  it('sends back every field of the order’s content as the form holds it', () => {
    // Prepare: an order whose every field differs from a new order's
    const o = anOrder({
      statusCode: '000',
      segment: 'B2C',
      reference: 'CMD-9',
      recipientReference: 'R-9',
      groupingNumber: 'G9',
      type: 'SHOP',
      warehouseId: 'W2',
      recipient: {
        ...emptyAddress(),
        company: 'Cave',
        street: '1 rue',
        postcode: '75001',
        city: 'Paris',
        displayName: 'Cave',
      },
      customerId: 'C9',
      carrierId: 'K9',
      serviceCode: 'EXP',
      pickupManagedByProduct: 0,
      shippingLabelRequired: 1,
      deliveryDate: '2026-06-12',
      pickupDate: '2026-06-11',
      deliveryComment: 'Porte B',
      preparationComment: 'Fragile',
      stocks: [lineIn('W1', 's1'), lineIn('W2', 's2')],
    });
    // Act
    const body = orderBody(formValuesOf(o, null), '000', [], false);
    // Assess: each field as stored (the lines come from the cart, here empty)
    for (const f of ORDER_CONTENT_FIELDS.filter((x) => x !== 'stocks' && x !== 'recipient')) {
      expect(body[f], f).toEqual(o[f]);
    }
    const { displayName: _shown, ...typed } = o.recipient as NonNullable<typeof o.recipient>;
    expect(body.recipient).toEqual(typed);
    expect(body.stocks).toEqual([]);
  });
});
