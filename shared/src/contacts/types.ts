/**
 * The contact types and their module scopes, apart from the contacts' schemas: the SPA's router and menu read them
 * on every first load, which should not build the contacts' schemas (zod) to do so.
 */
import type { ModuleScope } from '../access/roles';

export const CONTACT_TYPES = ['supplier', 'recipient', 'carrier'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** Each contact type is its own module scope. */
export const CONTACT_SCOPE: Record<ContactType, ModuleScope> = {
  supplier: 'supplier',
  recipient: 'recipient',
  carrier: 'carrier',
};
