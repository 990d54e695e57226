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
  /**
   * Who may cancel a shipping order (DELETE): a writer until the goods are picked up (after that the transport has
   * happened), the provider's staff at any time. Only a booked one is told to the warehouse (`isBooked`).
   */
  isCancellable: (o: { statusCode: string; pickedupAt: string | null }, superadmin: boolean) =>
    superadmin || (o.statusCode !== '200' && !o.pickedupAt),
  /** Booked with the warehouse: created or planified, not delivered. */
  isBooked: (code: string) => code === '001' || code === '100',
} as const;
