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

/**
 * The statuses the warehouse's reports set (wms/contract.ts): preparing, prepared, sent. A client never sets them;
 * the provider's staff may, as a recorded override.
 */
export const WAREHOUSE_ORDER_STATUSES: ReadonlySet<string> = new Set(['020', '030', '040', '070']);
/** Before the warehouse starts preparing, a client's cancellation applies at once. */
const CANCELLABLE_NOW: ReadonlySet<string> = new Set(['005', '010']);

/** How a client's cancellation goes in a status: at once, as a request the warehouse answers, or not at all. */
export type Cancellation = 'now' | 'request' | null;

/**
 * The statuses in which an order holds its lines' stock (functions/src/orders/effects.ts): from transmitting (005)
 * to prepared (040). Once shipped (070) what it shipped has left the stock; a draft or a cancelled order holds
 * nothing.
 */
export const HOLDING_STATUSES: ReadonlySet<string> = new Set(['005', '010', '020', '030', '040']);

export const orderRules = {
  isModifiable: (code: string) => code === '000' || code === '010',
  /**
   * The reference is the draft's to give (a draft saved from its first cart line has none), on whichever page it is
   * opened; once sent, the warehouse knows the order by it and it is locked.
   */
  isReferenceLocked: (code: string) => code !== DRAFT,
  isDeletable: (code: string, p: Principal | null) => code === DRAFT || isSuperadmin(p),
  isViewable: (code: string) => code !== DRAFT,
  isPdfAvailable: (code: string) => ORDER_PDF.has(code),
  /** The packing list shows from 'sent' on. */
  showsPacking: (code: string) => code === '070',
  /** Status 010 hides the wizard's save-as-draft button. */
  canSaveAsDraft: (code: string | undefined) => code !== '010',
  /**
   * How a cancellation goes from `code`: at once until the warehouse starts preparing (005, 010); then a request
   * the warehouse confirms or refuses (020–040), unless one is already waiting; never once sent or cancelled.
   */
  cancellation: (code: string, requested = false): Cancellation =>
    CANCELLABLE_NOW.has(code)
      ? 'now'
      : code !== '070' && WAREHOUSE_ORDER_STATUSES.has(code) && !requested
        ? 'request'
        : null,
  /**
   * The statuses a principal may set on the status page from `code`: the provider's staff any other (an override,
   * recorded); a client, only the cancellation that applies at once.
   * @example orderRules.statusChoices('010', clientAdmin) // ['050']
   */
  statusChoices: (code: string, p: Principal | null): string[] =>
    isSuperadmin(p)
      ? ORDER_STATUS.codes.filter((c) => c !== code && c !== DRAFT)
      : CANCELLABLE_NOW.has(code)
        ? ['050']
        : [],
};
