/**
 * The address block of contacts, companies and orders (spec 1 §5, spec 3 §5), with every rule of the spec:
 * street, postcode, city and country required; company when isCompany; contact name otherwise;
 * e-mail and phone when a contact is required (B2C); postcode per country; SIRET; excise per country.
 */
import * as z from 'zod';
import {
  EXCISE_LENGTH,
  isEmpty,
  isExcise,
  isPostcode,
  isSiret,
  MESSAGES,
  SIRET_LENGTH,
} from '../validation/validators';
import { emailField, issue, optionalString, phoneField } from '../validation/zod';
import { DEFAULT_COUNTRY } from './schemas';

const timeslot = z.object({
  start: z.string().regex(/^\d{2}:\d{2}$/, { error: MESSAGES.invalid }),
  end: z.string().regex(/^\d{2}:\d{2}$/, { error: MESSAGES.invalid }),
});

export const addressFields = z.object({
  isCompany: z.boolean().default(true),
  company: optionalString(100),
  name: optionalString(100),
  siretNumber: optionalString(SIRET_LENGTH),
  street: optionalString(150),
  details: optionalString(150),
  postcode: optionalString(12),
  city: optionalString(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: MESSAGES.invalid })
    .default(DEFAULT_COUNTRY),
  email: emailField,
  phone: phoneField,
  exciseNumber: optionalString(EXCISE_LENGTH),
  exciseWarehouseNumber: optionalString(EXCISE_LENGTH),
  pickupCode: optionalString(32),
  timeslots: z.array(timeslot).max(10).default([]),
  comment: optionalString(255),
});
export type Address = z.infer<typeof addressFields>;

export interface AddressRuleOptions {
  /** B2C: a contact person is required, and with it an e-mail and a phone. */
  contactRequired?: boolean;
}

/** Cross-field address rules, applied by every schema that embeds an address. */
export function checkAddress(
  a: Address,
  ctx: z.RefinementCtx,
  path: (string | number)[],
  opts: AddressRuleOptions = {},
) {
  for (const f of ['street', 'postcode', 'city', 'country'] as const) {
    if (isEmpty(a[f])) issue(ctx, [...path, f], MESSAGES.required);
  }
  if (a.isCompany && isEmpty(a.company)) issue(ctx, [...path, 'company'], MESSAGES.required);
  if ((!a.isCompany || opts.contactRequired) && isEmpty(a.name)) issue(ctx, [...path, 'name'], MESSAGES.required);
  if (opts.contactRequired) {
    if (isEmpty(a.email)) issue(ctx, [...path, 'email'], MESSAGES.required);
    if (isEmpty(a.phone)) issue(ctx, [...path, 'phone'], MESSAGES.required);
  }
  if (!isPostcode(a.postcode, a.country)) issue(ctx, [...path, 'postcode'], MESSAGES.postcode);
  if (!isSiret(a.siretNumber)) issue(ctx, [...path, 'siretNumber'], MESSAGES.siret);
  for (const f of ['exciseNumber', 'exciseWarehouseNumber'] as const) {
    if (!isExcise(a[f], a.country)) issue(ctx, [...path, f], MESSAGES.excise, { country: a.country });
  }
  for (const [i, slot] of a.timeslots.entries()) {
    if (slot.start > slot.end) issue(ctx, [...path, 'timeslots', i, 'end'], MESSAGES.invalid);
  }
}

export const addressSchema = addressFields.superRefine((a, ctx) => checkAddress(a, ctx, []));

/** The display name of an address: company, else contact name. */
export const addressDisplayName = (a: Partial<Address> | undefined | null): string =>
  (a?.isCompany !== false && a?.company) || a?.name || a?.company || '';
