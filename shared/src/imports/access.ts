/** Apart from the imports' schemas: a list page asking whether to show its import button builds none of them. */
import { ACCESS, canAccess, type Principal } from '../access/roles';
import { CONTACT_SCOPE, type ContactType } from '../contacts/types';
import type { ImportTemplateName } from './templates';

/** Who may import what: the level and scope of the matching create screen (spec 1 §2, spec 3 §2). */
export function importAccess(template: ImportTemplateName, type?: ContactType) {
  switch (template) {
    case 'user':
      return { access: ACCESS.admin, scopes: [] };
    // Creating companies is the provider's; their import is too.
    case 'company':
      return { access: ACCESS.superadmin, scopes: [] };
    case 'product':
      return { access: ACCESS.writer, scopes: ['product' as const] };
    // The order create screen's rule (spec 2 §2: level 2 with the order scope).
    case 'order':
      return { access: ACCESS.writer, scopes: ['order' as const] };
    case 'contact':
      return type === 'carrier'
        ? { access: ACCESS.superadmin, scopes: [CONTACT_SCOPE.carrier] }
        : { access: ACCESS.writer, scopes: type ? [CONTACT_SCOPE[type]] : [] };
  }
}

export const canImport = (p: Principal | null, template: ImportTemplateName, type?: ContactType) => {
  const rule = importAccess(template, type);
  return canAccess(p, rule.access, rule.scopes);
};
