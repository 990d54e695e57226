/** Test support for the order pages: an order as the API answers it, and an order page shown with it read. */
import type { RoleSlug } from '@cellar/shared/access/roles';
import { NO_FULFILMENT, type Order, type OrderLine } from '@cellar/shared/orders/schemas';
import type { ReactNode } from 'react';
import { answer, showPage, stubApi } from '../../../testing/pages';
import { orderQueryOptions } from '../api/get-order';

export const anOrder = (o: Partial<Order> = {}): Order => ({
  id: 'o1',
  reference: 'CMD-001',
  recipientReference: 'R-1',
  groupingNumber: '',
  exitPoint: '',
  type: null,
  statusCode: '010',
  segment: 'B2B',
  ownerId: 'c1',
  warehouseId: null,
  recipient: null,
  customerId: null,
  carrierId: null,
  serviceCode: null,
  pickupManagedByProduct: 1,
  shippingLabelRequired: 0,
  deliveryDate: '2026-06-10',
  pickupDate: null,
  appointmentDate: null,
  preparationDate: null,
  deliveryComment: '',
  preparationComment: '',
  comment: '',
  shippingTrackingId: null,
  stocks: [],
  packings: [],
  lineCount: 0,
  orderedQuantity: 0,
  preparedQuantity: 0,
  supportType: null,
  supportNumber: null,
  fulfilment: NO_FULFILMENT,
  createdBy: null,
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-01T08:00:00.000Z',
  ...o,
});

/** A line of an order as the API answers it: 6 bottles of lot L26 of CHB001 in Bordeaux. */
export const anOrderLine = (l: Partial<OrderLine> = {}): OrderLine => ({
  id: 'l1',
  position: 1,
  stockId: 's1',
  product: { id: 'p1', code: 'CHB001', label: 'Château B', pcb: 6 },
  warehouse: { id: 'w1', code: 'BDX', name: 'Bordeaux' },
  quality: 'STD',
  batch: 'L26',
  ubd: null,
  bbd: null,
  ordered: 6,
  prepared: null,
  uniqueKey: 'CHB001|s1',
  ...l,
});

/**
 * The API as an order page sees it: GET answers `order`, a PUT or a cancellation answers `after` (else `order`),
 * the timeline is empty. Returns the fetch mock, to read the calls.
 */
export const stubOrderApi = (order: Order, after: Order = order) =>
  stubApi((method, url) => answer(200, url.includes('/timeline') ? [] : method === 'GET' ? order : after));

/** Renders an order page for a user of `role`, `order` already read. */
export const showOrderPage = (page: ReactNode, { role, order }: { role: RoleSlug; order: Order }) =>
  showPage(page, {
    role,
    path: `/order/detail/${order.id}`,
    pattern: '/order/detail/:orderId',
    data: [[orderQueryOptions(order.id).queryKey, order]],
  });
