import type { RoleSlug } from '@cellar/shared/access/roles';
import type { ShippingOrder } from '@cellar/shared/shippingOrders/schemas';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, buttonNamed, dialog, dialogButton, notices, settle, showPage, stubApi } from '../../../testing/pages';
import { shippingOrderQueryOptions } from '../api/get-shipping-order';
import { ShippingOrderDetailRoute } from './shipping-order-detail';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const address = {
  name: 'Château Pickup',
  contact: 'Jeanne Martin',
  street: '12 quai des Chartrons',
  postcode: '33000',
  city: 'Bordeaux',
  exciseNumber: '',
  comment: '',
  timeslots: [{ start: '08:00', end: '12:00' }],
};

const aShippingOrder = (o: Partial<ShippingOrder> = {}): ShippingOrder => ({
  id: 'so1',
  reference: 'TR-001',
  statusCode: '001',
  ownerId: 'c1',
  segment: 'B2B',
  warehouseId: 'w1',
  warehouse: { id: 'w1', code: 'BDX', name: 'Bordeaux' },
  senderId: null,
  sender: null,
  recipientId: null,
  recipient: null,
  pickupAddress: address,
  deliveryAddress: address,
  palletCount: 2,
  parcelCount: null,
  unitCount: 120,
  weight: 156,
  pickupDate: '2026-06-10',
  deliveryDate: '2026-06-12',
  pickedupAt: null,
  deliveredAt: null,
  tracking: null,
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  version: 1,
  ...o,
});

const show = (o: ShippingOrder, role: RoleSlug) =>
  showPage(<ShippingOrderDetailRoute />, {
    role,
    path: `/shipping-order/detail/${o.id}`,
    pattern: '/shipping-order/detail/:shippingOrderId',
    data: [[shippingOrderQueryOptions(o.id).queryKey, o]],
  });

const buttons = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe('Route: ShippingOrderDetailRoute', () => {
  it('lets a writer cancel a booked shipping order, saying the warehouse will be told', async () => {
    // Prepare
    const o = aShippingOrder({ statusCode: '100' });
    const fetch = stubApi((method) => answer(200, method === 'GET' ? o : { message: 'ok' }));
    await show(o, 'user');
    // Act
    await act(async () => buttonNamed('Annuler l’ordre de transport')?.click());
    await settle();
    // Assess
    expect(dialog()?.textContent).toContain('L’entrepôt sera informé que ce transport n’est plus à organiser.');
    // Act
    await act(async () => dialogButton('Annuler l’ordre de transport')?.click());
    await settle();
    // Assess
    const del = fetch.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(del?.[0]).toBe('/api/shipping-orders/so1');
    expect(notices()).toContain('Ordre de transport TR-001 annulé.');
    expect(document.querySelector('[data-testid="elsewhere"]')).not.toBeNull();
  });

  it('tells of no warehouse for a draft, and sends nothing until confirmed', async () => {
    // Prepare
    const o = aShippingOrder({ statusCode: '000' });
    const fetch = stubApi((method) => answer(200, method === 'GET' ? o : { message: 'ok' }));
    await show(o, 'user');
    // Act
    await act(async () => buttonNamed('Annuler l’ordre de transport')?.click());
    await settle();
    expect(dialog()?.textContent).toContain('L’ordre de transport TR-001 sera annulé et supprimé.');
    expect(dialog()?.textContent).not.toContain('entrepôt');
    await act(async () => dialogButton('Ne pas annuler')?.click());
    await settle();
    // Assess
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('offers no cancellation once picked up, except to the provider’s staff, and none to a reader', async () => {
    const picked = aShippingOrder({ statusCode: '100', pickedupAt: '2026-06-10T09:00' });
    stubApi(() => answer(200, picked));
    expect(buttons(await show(picked, 'user'))).not.toContain('Annuler l’ordre de transport');
    document.body.innerHTML = '';
    expect(buttons(await show(picked, 'superadmin'))).toContain('Annuler l’ordre de transport');
    document.body.innerHTML = '';
    expect(buttons(await show(aShippingOrder(), 'reader'))).not.toContain('Annuler l’ordre de transport');
  });
});
