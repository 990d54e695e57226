/** Order statuses and what each allows (spec 2 §4). */
import { isSuperadmin, type Principal } from '../access/roles';
import { DRAFT, defs } from '../common/status';

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
