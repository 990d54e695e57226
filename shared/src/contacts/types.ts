/**
 * The contact types, their module scopes and what each type's form and list hold, apart from the contacts' schemas:
 * the SPA's router, menu and contact lists read them on a first load, which should not build the contacts' schemas
 * (zod) to do so.
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

/** Which parts of the form a contact type has (spec 3 §2, contact create screen). */
export const contactTypeRules = (type: ContactType) => ({
  hasOwner: type !== 'carrier',
  hasWarehouse: type !== 'carrier',
  hasSegment: type !== 'supplier',
  segmentRequired: type === 'recipient',
  hasComment: type !== 'recipient',
  hasServices: type === 'carrier',
  hasExcise: type === 'recipient',
});

/**
 * The grid columns the contact search looks in, as the search box tells the user (the words it finds a contact by:
 * `contactWords` in `schemas.ts`).
 */
export const CONTACT_SEARCHED = ['code', 'displayName', 'address.street', 'address.postcode', 'address.city'] as const;
