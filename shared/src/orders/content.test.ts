/** One list of an order's fields: the new order's body, the change's body and the content are read from it. */
import { describe, expect, it } from 'vitest';
import { ORDER_CONTENT_FIELDS, type OrderContent, orderContent, orderCreateSchema, orderUpdateSchema } from './schemas';

/** An order's content with every field set to something other than its default. */
const full: OrderContent = {
  segment: 'B2B',
  reference: 'CMD-1',
  recipientReference: 'R-1',
  groupingNumber: 'G1',
  type: 'SHOP',
  warehouseId: 'W1',
  recipient: null,
  customerId: 'C1',
  carrierId: 'K1',
  serviceCode: 'EXP',
  pickupManagedByProduct: 0,
  shippingLabelRequired: 1,
  deliveryDate: '2026-06-10',
  pickupDate: '2026-06-09',
  deliveryComment: 'Porte B',
  preparationComment: 'Fragile',
  stocks: [{ stockId: 'S1', ordered: 6 }],
};

describe('Function: orderContent', () => {
  it('gives a new order every field: its defaults, or null', () => {
    // Act
    const created = orderCreateSchema.parse({ statusCode: '000' });
    // Assess
    expect(orderContent({})).toEqual({
      segment: null,
      reference: '',
      recipientReference: '',
      groupingNumber: '',
      type: null,
      warehouseId: null,
      recipient: null,
      customerId: null,
      carrierId: null,
      serviceCode: null,
      pickupManagedByProduct: 1,
      shippingLabelRequired: 0,
      deliveryDate: null,
      pickupDate: null,
      deliveryComment: '',
      preparationComment: '',
      stocks: [],
    });
    expect(orderContent(created)).toEqual(orderContent({}));
  });

  it('keeps what a change leaves out, takes what it gives, and clears what it sets to null', () => {
    // Act
    const changed = orderContent(orderUpdateSchema.parse({ groupingNumber: 'G2', carrierId: null }), full);
    // Assess
    expect(changed).toEqual({ ...full, groupingNumber: 'G2', carrierId: null });
  });

  it('reads no empty service code', () => {
    expect(orderContent({ serviceCode: '' }).serviceCode).toBeNull();
  });
});

describe('Schema: orderUpdateSchema', () => {
  it('takes every field of the content, each optional and without a default', () => {
    // Act
    const empty = orderUpdateSchema.parse({});
    // Assess
    for (const f of ORDER_CONTENT_FIELDS) expect(orderUpdateSchema.shape).toHaveProperty(f);
    expect(empty).toEqual({});
  });

  it('keeps the rules of the new order’s fields', () => {
    // Act
    const long = orderUpdateSchema.safeParse({ groupingNumber: 'G'.repeat(16), deliveryComment: 'a;b' });
    const created = orderCreateSchema.safeParse({ statusCode: '000', groupingNumber: 'G'.repeat(16) });
    // Assess
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['deliveryComment', 'groupingNumber']);
    expect(created.error?.issues.map((i) => i.message)).toEqual(long.error?.issues.slice(0, 1).map((i) => i.message));
  });
});
