/**
 * Status codes of receptions, orders and shipping orders with their names and rules
 * (spec 1 §4, spec 2 §4, spec 3 §4). Allowed transitions are not specified: any change is permitted
 * to those with the update-status right.
 */
import { isSuperadmin, type Principal } from '../auth/roles';

interface StatusDef<Name extends string> {
  code: string;
  name: Name;
  labelKey: string;
}

function defs<const T extends readonly StatusDef<string>[]>(list: T) {
  const byCode = new Map(list.map((d) => [d.code, d]));
  return {
    list,
    codes: list.map((d) => d.code) as T[number]['code'][],
    byCode: (code: string) => byCode.get(code),
    code: (name: T[number]['name']) => list.find((d) => d.name === name)?.code as string,
  };
}

export const RECEPTION_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.reception.draft' },
  { code: '001', name: 'created', labelKey: 'status.reception.created' },
  { code: '100', name: 'inProgress', labelKey: 'status.reception.inProgress' },
  { code: '200', name: 'closed', labelKey: 'status.reception.closed' },
] as const);

export const ORDER_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.order.draft' },
  { code: '005', name: 'transmitting', labelKey: 'status.order.transmitting' },
  { code: '010', name: 'entry', labelKey: 'status.order.entry' },
  { code: '020', name: 'inProgress', labelKey: 'status.order.inProgress' },
  { code: '030', name: 'inProgress', labelKey: 'status.order.inProgress' },
  { code: '040', name: 'validated', labelKey: 'status.order.validated' },
  { code: '050', name: 'canceled', labelKey: 'status.order.canceled' },
  { code: '070', name: 'sent', labelKey: 'status.order.sent' },
] as const);

export const SHIPPING_ORDER_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.shippingOrder.draft' },
  { code: '001', name: 'created', labelKey: 'status.shippingOrder.created' },
  { code: '100', name: 'planified', labelKey: 'status.shippingOrder.planified' },
  { code: '200', name: 'delivered', labelKey: 'status.shippingOrder.delivered' },
] as const);

const DRAFT = '000';

export const receptionRules = {
  isModifiable: (code: string) => code === '000' || code === '001',
  isDeletable: (code: string, p: Principal | null) => code === DRAFT || isSuperadmin(p),
  isViewable: (code: string) => code !== DRAFT,
};

const ORDER_PDF = new Set(['010', '020', '030', '040', '070']);
export const orderRules = {
  isModifiable: (code: string) => code === '000' || code === '010',
  isDeletable: (code: string, p: Principal | null) => code === DRAFT || isSuperadmin(p),
  isViewable: (code: string) => code !== DRAFT,
  isPdfAvailable: (code: string) => ORDER_PDF.has(code),
  /** The packing list shows from 'sent' on. */
  showsPacking: (code: string) => code === '070',
  /** Status 010 hides the wizard's save-as-draft button. */
  canSaveAsDraft: (code: string | undefined) => code !== '010',
};

export const shippingOrderRules = {
  /** A new shipping order starts as created. */
  initialStatus: '001',
  isViewable: () => true,
};
