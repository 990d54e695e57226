/** Shipping order statuses (spec 2 §4). */
import { defs } from '../common/status';

export const SHIPPING_ORDER_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.shippingOrder.draft' },
  { code: '001', name: 'created', labelKey: 'status.shippingOrder.created' },
  { code: '100', name: 'planified', labelKey: 'status.shippingOrder.planified' },
  { code: '200', name: 'delivered', labelKey: 'status.shippingOrder.delivered' },
] as const);

export const shippingOrderRules = {
  /** A new shipping order starts as created. */
  initialStatus: '001',
  isViewable: () => true,
};
