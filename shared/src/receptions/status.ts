/** Reception statuses and what each allows (spec 3 §4). */
import { isSuperadmin, type Principal } from '../access/roles';
import { DRAFT, defs } from '../common/status';

export const RECEPTION_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.reception.draft' },
  { code: '001', name: 'created', labelKey: 'status.reception.created' },
  { code: '100', name: 'inProgress', labelKey: 'status.reception.inProgress' },
  { code: '200', name: 'closed', labelKey: 'status.reception.closed' },
] as const);

/**
 * The statuses the warehouse's reports set (wms/contract.ts): arrived, received. A client never sets them; the
 * provider's staff may, as a recorded override.
 */
export const WAREHOUSE_RECEPTION_STATUSES: ReadonlySet<string> = new Set(['100', '200']);

export const receptionRules = {
  isModifiable: (code: string) => code === '000' || code === '001',
  isDeletable: (code: string, p: Principal | null) => code === DRAFT || isSuperadmin(p),
  isViewable: (code: string) => code !== DRAFT,
  /** A writer cancels (deletes) a reception until it arrives: the warehouse is told it will not come. */
  isCancellable: (code: string) => code === '001',
  /** Announced (the warehouse reports its arrival) or arrived (its count): the warehouse is to move it next. */
  awaitsWarehouse: (code: string) => code === '001' || code === '100',
  /** The statuses a principal may set on the status page: the provider's staff any other (recorded); a client none. */
  statusChoices: (code: string, p: Principal | null): string[] =>
    isSuperadmin(p) ? RECEPTION_STATUS.codes.filter((c) => c !== code && c !== DRAFT) : [],
};
