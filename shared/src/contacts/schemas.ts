/**
 * Contacts: suppliers, recipients and carriers (spec 3 §2, §3, §5).
 * A contact's code is unique per owner and type, upper-case, at most 32 characters, read-only on edit.
 */
import * as z from 'zod';
import { type Address, addressDisplayName, addressFields, checkAddress } from '../common/address';
import { type SegmentCode, segmentCode } from '../common/schemas';
import { searchWords } from '../filter/search';
import { isCode, isEmpty, MESSAGES } from '../validation/validators';
import { id, issue, optionalString, requiredString } from '../validation/zod';
import { warehouseSchema } from '../warehouses/schemas';
import { CONTACT_TYPES, type ContactType, contactTypeRules } from './types';

export { CONTACT_SCOPE, CONTACT_TYPES, type ContactType, contactTypeRules } from './types';
export const contactType = z.enum(CONTACT_TYPES, { error: MESSAGES.invalid });

export const CONTACT_CODE_MAX = 32;

/**
 * Every owner's fixed supplier for deliveries that group several suppliers (issue 9): created with the company, and
 * preloaded by the reception's supplier search (`filter[code]=MULTI`).
 */
export const MULTI_SUPPLIER = { code: 'MULTI', name: 'Multi-fournisseurs' } as const;

export const contactCode = z
  .string({ error: MESSAGES.required })
  .trim()
  .toUpperCase()
  .min(1, { error: MESSAGES.required })
  .max(CONTACT_CODE_MAX, { error: MESSAGES.maxLength })
  .refine(isCode, { error: MESSAGES.code });

/** A B2C recipient needs a contact person; B2B or no segment puts the address form in company mode. */
export const contactRequiredFor = (segment: SegmentCode | null | undefined, type: ContactType = 'recipient') =>
  type === 'recipient' && segment === 'B2C';

const serviceInput = z.object({
  code: z.string().trim().default(''),
  name: z.string().trim().default(''),
  isPickupPoint: z.boolean().default(false),
});

const contactFields = {
  ownerId: id.optional(),
  warehouseId: id.nullish(),
  segment: segmentCode.nullish(),
  address: addressFields,
  comment: optionalString(255),
  services: z.array(serviceInput).max(50).default([]),
};

function checkContact(
  c: { type: ContactType; warehouseId?: string | null; segment?: SegmentCode | null; address: Address },
  ctx: z.RefinementCtx,
) {
  const rules = contactTypeRules(c.type);
  if (rules.hasWarehouse && isEmpty(c.warehouseId)) issue(ctx, ['warehouseId'], MESSAGES.required);
  if (rules.segmentRequired && isEmpty(c.segment)) issue(ctx, ['segment'], MESSAGES.required);
  checkAddress(c.address, ctx, ['address'], { contactRequired: contactRequiredFor(c.segment, c.type) });
}

function checkServices(services: z.infer<typeof serviceInput>[], ctx: z.RefinementCtx) {
  for (const [i, s] of services.entries()) {
    if (isEmpty(s.code) && isEmpty(s.name)) continue;
    if (isEmpty(s.code)) issue(ctx, ['services', i, 'code'], MESSAGES.required);
    if (isEmpty(s.name)) issue(ctx, ['services', i, 'name'], MESSAGES.required);
  }
}

/** Body of POST /api/contacts. */
export const contactCreateSchema = z
  .object({ type: contactType, code: contactCode, ...contactFields })
  .superRefine((c, ctx) => {
    checkContact(c, ctx);
    checkServices(c.services, ctx);
  });
export type ContactCreate = z.infer<typeof contactCreateSchema>;

/** The create rules for a caller: the superadmin must name the owner account of suppliers and recipients. */
export const contactCreateFor = (principal: { role: number } | null | undefined) =>
  principal?.role === 100
    ? contactCreateSchema.superRefine((c, ctx) => {
        if (contactTypeRules(c.type).hasOwner && isEmpty(c.ownerId)) issue(ctx, ['ownerId'], MESSAGES.required);
      })
    : contactCreateSchema;

/** Body of PUT /api/contacts/{id}: the code and type are not editable, the owner does not move. */
export const contactUpdateSchema = z.object({
  warehouseId: contactFields.warehouseId,
  segment: contactFields.segment,
  address: contactFields.address,
  comment: contactFields.comment,
  services: contactFields.services,
});
export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

/** The update rules need the stored type; the service calls this after loading the contact. */
export const contactUpdateFor = (type: ContactType) =>
  contactUpdateSchema.superRefine((c, ctx) => {
    checkContact({ ...c, type }, ctx);
    checkServices(c.services, ctx);
  });

export const ownerRefSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** A carrier's service; code and name go together once either is filled. */
export const serviceSchema = z.object({
  id: z.string().optional(),
  code: requiredString(32),
  name: requiredString(100),
  isPickupPoint: z.boolean().default(false),
});

export type Service = z.infer<typeof serviceSchema>;

export const contactSchema = z.object({
  id: z.string(),
  type: contactType,
  code: z.string(),
  ownerId: z.string().nullable(),
  owner: ownerRefSchema.optional(),
  warehouseId: z.string().nullable(),
  warehouse: warehouseSchema.optional(),
  segment: segmentCode.nullable(),
  address: addressFields,
  comment: z.string(),
  services: z.array(serviceSchema),
  displayName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactDisplayName = (address: Partial<Address>) => addressDisplayName(address);
/**
 * What the search box finds a contact by: the words of what the grid shows of it (code, the name in its contact
 * column, street, postcode, city), so that every row found shows what matched (CONTACT_SEARCHED says so on screen).
 */
export const contactWords = (c: { code: string; address: Partial<Address> }) =>
  searchWords(c.code, contactDisplayName(c.address), c.address.street, c.address.postcode, c.address.city);

/** 'code - name', the text of a contact in pickers. */
export const contactText = (code: string, address: Partial<Address>) => `${code} - ${contactDisplayName(address)}`;

/** Columns of the contact grid and export (in this order). */
export const CONTACT_COLUMNS = [
  'code',
  'displayName',
  'address.street',
  'address.postcode',
  'address.city',
  'address.country',
  'owner.code',
  'owner.name',
  'warehouse.name',
  'segment',
] as const;
