import type { Order, Tracking } from '@cellar/shared/orders/schemas';

/**
 * The tracking numbers an order shows (its detail, the list's column): those the warehouse reported when it
 * shipped it, else the one the order was given before the warehouse reported them; none before it ships.
 */
export const orderTracking = (o: Pick<Order, 'fulfilment' | 'shippingTrackingId'>): Tracking[] =>
  o.fulfilment.trackingNumbers.length
    ? o.fulfilment.trackingNumbers
    : o.shippingTrackingId
      ? [{ number: o.shippingTrackingId, url: null }]
      : [];
