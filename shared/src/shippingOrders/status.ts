/** Shipping order statuses (spec 2 §4): any change is allowed in the update modal, no ordering rule. */
import { defs } from '../common/status';

export const SHIPPING_ORDER_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.shippingOrder.draft' },
  { code: '001', name: 'created', labelKey: 'status.shippingOrder.created' },
  { code: '100', name: 'planified', labelKey: 'status.shippingOrder.planified' },
  { code: '200', name: 'delivered', labelKey: 'status.shippingOrder.delivered' },
] as const);

/** The chips' colours (spec 1 §4, spec 2 §4): draft and created blue, planified amber, delivered green. */
export const SHIPPING_ORDER_COLORS: Record<string, string> = {
  '000': 'blue',
  '001': 'blue',
  '100': 'yellow',
  '200': 'green',
};

export const shippingOrderRules = {
  /** A new shipping order starts as created. */
  initialStatus: '001',
  /** Draft rows are highlighted in the list. */
  isDraft: (code: string) => code === '000',
} as const;
