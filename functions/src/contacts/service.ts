/** Contact rules on the server: tenancy, scopes, segments, uniqueness. The list and its plan are in list.ts. */

import { clock } from '@cellar/shared/common/clock';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import {
  type Contact,
  type ContactCreate,
  type ContactType,
  type ContactUpdate,
  contactTypeRules,
  contactUpdateFor,
} from '@cellar/shared/contacts/schemas';
import { fieldMessages } from '@cellar/shared/i18n/messages';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { Caller } from '../caller/principal';
import { createChecked } from '../data/bulk';
import { newId } from '../data/ids';
import { type CompanyItem, type References, references } from '../data/reference';
import { type DomainError, ForbiddenError, InvalidError, NotFoundError } from '../errors';
import { toContact } from './list';
import { type ContactItem, contactRecords, findContact, insertContact, replaceContact } from './repository';
import { requireTypeScope, seesContact } from './visibility';

type Refs = References;

const refs = references;

/** Carriers belong to the provider; suppliers and recipients to their owner company. */
const ownerOf = (type: ContactType, ownerId: string | null) => (contactTypeRules(type).hasOwner ? ownerId : null);

export async function getContact(caller: Caller, id: string): Promise<Contact> {
  const item = await findContact(id);
  if (!item || !seesContact(caller, item)) throw new NotFoundError();
  requireTypeScope(caller, item.type);
  return toContact(item, await refs());
}

/** Warehouse and segment must be the owner company's own. */
function checkOwnerRefs(
  owner: CompanyItem | undefined,
  c: { warehouseId?: string | null; segment?: SegmentCode | null },
) {
  const errors: Record<string, string[]> = {};
  const invalid = [MESSAGES.invalid];
  if (owner && c.warehouseId && !owner.warehouseIds.includes(c.warehouseId)) errors.warehouseId = invalid;
  if (owner && c.segment && !owner.segments.includes(c.segment)) errors.segment = invalid;
  if (Object.keys(errors).length) throw new InvalidError(errors);
}

/** A new contact as the caller may create it (type scope, carriers, owner and its warehouse and segment), unsaved. */
function newContact(caller: Caller, input: ContactCreate, recordId: string, r: Refs): ContactItem {
  requireTypeScope(caller, input.type);
  const rules = contactTypeRules(input.type);
  // Carriers and their services are the provider's referential.
  if ((input.type === 'carrier' || input.services.some((s) => s.code)) && !caller.isSuperadmin) {
    throw new ForbiddenError();
  }
  const ownerId = ownerOf(input.type, caller.isSuperadmin ? (input.ownerId ?? null) : caller.tenantId);
  const owner = ownerId ? r.companies.get(ownerId) : undefined;
  if (rules.hasOwner && !owner) {
    throw new InvalidError({ ownerId: [ownerId ? MESSAGES.invalid : MESSAGES.required] });
  }
  checkOwnerRefs(owner, input);
  const now = clock.iso();
  return {
    id: recordId,
    type: input.type,
    code: input.code,
    ownerId,
    warehouseId: rules.hasWarehouse ? (input.warehouseId ?? null) : null,
    segment: rules.hasSegment ? (input.segment ?? null) : null,
    address: input.address,
    comment: rules.hasComment ? input.comment : '',
    services: rules.hasServices ? input.services.filter((s) => s.code) : [],
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

const CODE_CLASH = { code: [MESSAGES.unique] };

export async function createContact(caller: Caller, input: ContactCreate, recordId = newId()): Promise<Contact> {
  const r = await refs();
  const item = newContact(caller, input, recordId, r);
  await insertContact(item, CODE_CLASH);
  return toContact(item, r);
}

/**
 * Creates many contacts at once (an import's chunk), each checked by the rules of `createContact` and written with
 * the same conditions: answers, in order, nothing for a contact created (or found already created with its id)
 * and the error that refused it otherwise.
 */
export async function createContacts(
  caller: Caller,
  rows: readonly { input: ContactCreate; id: string }[],
  concurrency?: number,
): Promise<(DomainError | undefined)[]> {
  const r = await refs();
  return createChecked(
    rows,
    async ({ input, id }) => newContact(caller, input, id, r),
    (items) => contactRecords.insertMany(items, CODE_CLASH, concurrency),
  );
}

export async function updateContact(caller: Caller, id: string, raw: ContactUpdate): Promise<Contact> {
  const current = await findContact(id);
  if (!current || !seesContact(caller, current)) throw new NotFoundError();
  requireTypeScope(caller, current.type);
  if (current.type === 'carrier' && !caller.isSuperadmin) throw new ForbiddenError();
  const parsed = contactUpdateFor(current.type).safeParse(raw);
  if (!parsed.success) {
    throw new InvalidError(fieldMessages(parsed.error));
  }
  const input = parsed.data;
  const rules = contactTypeRules(current.type);
  const r = await refs();
  const owner = current.ownerId ? r.companies.get(current.ownerId) : undefined;
  checkOwnerRefs(owner, input);
  const next: ContactItem = {
    ...current,
    warehouseId: rules.hasWarehouse ? (input.warehouseId ?? null) : null,
    segment: rules.hasSegment ? (input.segment ?? null) : null,
    address: input.address,
    comment: rules.hasComment ? input.comment : '',
    services: rules.hasServices && caller.isSuperadmin ? input.services.filter((s) => s.code) : current.services,
    updatedAt: clock.iso(),
  };
  return toContact(await replaceContact(next, current), r);
}
