/** Reception statuses and what each allows (spec 3 §4). */
import { isSuperadmin, type Principal } from '../access/roles';
import { DRAFT, defs } from '../common/status';

export const RECEPTION_STATUS = defs([
  { code: '000', name: 'draft', labelKey: 'status.reception.draft' },
  { code: '001', name: 'created', labelKey: 'status.reception.created' },
  { code: '100', name: 'inProgress', labelKey: 'status.reception.inProgress' },
  { code: '200', name: 'closed', labelKey: 'status.reception.closed' },
] as const);

export const receptionRules = {
  isModifiable: (code: string) => code === '000' || code === '001',
  isDeletable: (code: string, p: Principal | null) => code === DRAFT || isSuperadmin(p),
  isViewable: (code: string) => code !== DRAFT,
};
