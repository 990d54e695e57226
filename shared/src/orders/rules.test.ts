import { describe, expect, it } from 'vitest';
import { chosenDeparture, orderIssues, orderTypeRequired, requiredDateField } from './schemas';
import { orderRules } from './status';
import { allocationResult, cartHolds, withCarrier, withPickupManagement, wizardStep } from './wizard';

const now = new Date('2026-06-10T10:00:00Z');
const sent = {
  statusCode: '005' as const,
  segment: 'B2B' as const,
  reference: 'CMD1',
  recipient: { company: 'A' },
  pickupManagedByProduct: 1 as const,
  deliveryDate: '2026-06-10',
  stocks: [{ warehouseId: 'W1' }],
};

describe('Function: orderIssues', () => {
  it('asks a draft for its segment only', () => {
    expect(
      orderIssues({ statusCode: '000', pickupManagedByProduct: 1, stocks: [] }, { segments: ['B2B'], now }),
    ).toEqual([{ path: ['segment'], key: 'validation.required' }]);
  });

  it('accepts a complete B2B send for today (Europe/Paris)', () => {
    expect(orderIssues(sent, { segments: ['B2B'], now })).toEqual([]);
  });

  it.each([
    ['a segment not the owner’s', { segment: 'B2C' as const }, ['B2B'], 'segment'],
    ['yesterday', { deliveryDate: '2026-06-09' }, ['B2B'], 'deliveryDate'],
    ['client-managed without pickup date', { pickupManagedByProduct: 0 as const }, ['B2B'], 'pickupDate'],
    ['no recipient', { recipient: null }, ['B2B'], 'recipient'],
    ['no line', { stocks: [] }, ['B2B'], 'stocks'],
  ])('refuses %s', (_, patch, segments, field) => {
    const issues = orderIssues({ ...sent, ...patch }, { segments: segments as ['B2B'], now });
    expect(issues.map((i) => i.path[0])).toContain(field);
  });

  it('asks a send whose lines leave from several warehouses for its departure warehouse', () => {
    // Prepare
    const spread = { ...sent, stocks: [{ warehouseId: 'W1' }, { warehouseId: 'W2' }, { warehouseId: 'W1' }] };
    // Act
    const missing = orderIssues(spread, { segments: ['B2B'], now });
    const chosen = orderIssues({ ...spread, warehouseId: 'W2' }, { segments: ['B2B'], now });
    const draft = orderIssues({ ...spread, statusCode: '000' }, { segments: ['B2B'], now });
    const oneWarehouse = orderIssues(
      { ...sent, stocks: [{ warehouseId: 'W1' }, { warehouseId: 'W1' }] },
      {
        segments: ['B2B'],
        now,
      },
    );
    // Assess
    expect(missing).toEqual([{ path: ['warehouseId'], key: 'order.departure_warehouse_required' }]);
    expect(chosen).toEqual([]);
    expect(draft).toEqual([]);
    expect(oneWarehouse).toEqual([]);
  });

  it('holds a departure warehouse as chosen only while the lines lie in several warehouses', () => {
    expect(chosenDeparture('W1', [{ warehouseId: 'W1' }, { warehouseId: 'W1' }])).toBeNull();
    expect(chosenDeparture('W2', [{ warehouseId: 'W1' }, { warehouseId: 'W2' }])).toBe('W2');
    expect(chosenDeparture(null, [{ warehouseId: 'W1' }, { warehouseId: 'W2' }])).toBeNull();
  });

  it('asks B2C for carrier, service and recipient contact, and CO020 for a type', () => {
    // Act
    const b2c = orderIssues({ ...sent, segment: 'B2C' }, { segments: ['B2C'], now });
    const co020 = orderIssues(
      { ...sent, carrierId: 'C', serviceCode: 'S' },
      { segments: ['B2B'], carrier: { allowed: true, ownerCode: 'CO020', services: ['S'] }, now },
    );
    const notAllowed = orderIssues(
      { ...sent, statusCode: '000', carrierId: 'C', serviceCode: 'X' },
      { segments: ['B2B'], carrier: { allowed: false, ownerCode: null, services: [] }, now },
    );
    // Assess
    expect(b2c.map((i) => i.path[0]).sort()).toEqual(['carrierId', 'customerId', 'serviceCode']);
    expect(co020).toEqual([{ path: ['type'], key: 'validation.required' }]);
    expect(notAllowed).toEqual([{ path: ['carrierId'], key: 'validation.invalid' }]);
  });

  it('names the date a pickup needs', () => {
    expect(requiredDateField({ segment: 'B2B', pickupManagedByProduct: 0 })).toBe('pickupDate');
    expect(requiredDateField({ segment: 'B2C', pickupManagedByProduct: 0 })).toBe('deliveryDate');
    expect(orderTypeRequired('CO020')).toBe(true);
    expect(orderTypeRequired('GEODIS')).toBe(false);
  });
});

describe('Functions: the wizard rules', () => {
  const order = {
    segment: 'B2C' as const,
    pickupManagedByProduct: 1 as const,
    shippingLabelRequired: 0 as const,
    carrierId: 'C1',
    serviceCode: 'DOM',
    type: 'ABO',
    recipient: { pickupCode: 'P1' },
  };

  it('switching pickup management sets the label and clears the carrier', () => {
    expect(withPickupManagement(order, 0)).toMatchObject({ shippingLabelRequired: 1, carrierId: null });
    expect(withPickupManagement(order, 1)).toMatchObject({ shippingLabelRequired: 0, carrierId: null });
  });

  it('changing the carrier clears pickup code, type and the B2C service', () => {
    expect(withCarrier(order, 'C2')).toMatchObject({
      carrierId: 'C2',
      type: null,
      serviceCode: null,
      recipient: { pickupCode: '' },
    });
    expect(withCarrier({ ...order, segment: 'B2B' }, 'C2').serviceCode).toBe('DOM');
  });

  it.each([
    [{ ownerId: 'O', segment: 'B2B', carrierId: 'C' }, 3],
    [{ ownerId: 'O', segment: 'B2B', customerId: 'R' }, 3],
    [{ ownerId: 'O', segment: 'B2B' }, 2],
    [{ ownerId: 'O' }, 1],
  ])('derives the step of %o: %i', (o, step) => {
    expect(wizardStep(o)).toBe(step);
  });

  it.each([
    ['the same choices', { ownerId: 'C1', segment: 'B2C' as const }, false, true],
    ['another segment', { ownerId: 'C1', segment: 'B2B' as const }, false, false],
    ['another segment of a pooled owner', { ownerId: 'C1', segment: 'B2B' as const }, true, true],
    ['another owner', { ownerId: 'C2', segment: 'B2C' as const }, true, false],
  ])('keeps the cart after step 1 with %s: %s', (_, now, pooled, holds) => {
    expect(cartHolds({ ownerId: 'C1', segment: 'B2C' }, now, pooled)).toBe(holds);
  });

  it('checks the allocation', () => {
    expect(
      allocationResult(6, [
        { stockId: 'a', quantity: 4 },
        { stockId: 'b', quantity: 0 },
      ]),
    ).toMatchObject({
      complete: false,
      remaining: 2,
      lines: [{ stockId: 'a', quantity: 4 }],
    });
    expect(allocationResult(4, [{ stockId: 'a', quantity: 4 }]).complete).toBe(true);
  });

  it('knows what each status allows', () => {
    expect(['000', '010'].map(orderRules.isModifiable)).toEqual([true, true]);
    expect(orderRules.isPdfAvailable('005')).toBe(false);
    expect(orderRules.isPdfAvailable('070')).toBe(true);
    expect(['000', '005', '010'].map(orderRules.isReferenceLocked)).toEqual([false, true, true]);
  });
});
