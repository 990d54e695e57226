/** Contact rules on the server: tenancy, scopes, segments, uniqueness, and the list's access paths. */
import { hasScope } from '@cellar/shared/access/roles';
import { SEGMENT_CODES, type SegmentCode } from '@cellar/shared/common/schemas';
import { contactRoutes } from '@cellar/shared/contacts/routes';
import {
  CONTACT_SCOPE,
  type Contact,
  type ContactCreate,
  type ContactType,
  type ContactUpdate,
  contactDisplayName,
  contactText,
  contactType,
  contactTypeRules,
  contactUpdateFor,
  contactWords,
} from '@cellar/shared/contacts/schemas';
import { NULL_LITERAL } from '@cellar/shared/filter/match';
import { type Condition, type ListQuery, QueryError, withExportRange } from '@cellar/shared/filter/query';
import { fieldMessages } from '@cellar/shared/i18n/messages';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { Caller } from '../caller/principal';
import { listedOwner } from '../caller/visibility';
import { createChecked } from '../data/bulk';
import type { PlannedList } from '../data/list';
import { type CompanyItem, companyRef, type References, references, warehouseRef } from '../data/reference';
import { type DomainError, ForbiddenError, InvalidError, NotFoundError } from '../errors';
import type { ListAnswer } from '../platform/http/lists';
import {
  type ContactItem,
  contactListScope,
  contactRecords,
  contactSource,
  countContacts,
  findContact,
  insertContact,
  replaceContact,
} from './repository';
import { seesContact, visibleSegments } from './visibility';

type Refs = References;

const refs = references;

export function toContact(item: ContactItem, r: Refs): Contact {
  return {
    id: item.id,
    type: item.type,
    code: item.code,
    ownerId: item.ownerId,
    warehouseId: item.warehouseId,
    segment: item.segment,
    address: item.address,
    comment: item.comment,
    services: item.services,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    owner: item.ownerId ? companyRef(r.companies.get(item.ownerId)) : undefined,
    warehouse: item.warehouseId ? warehouseRef(r.warehouses.get(item.warehouseId)) : undefined,
    displayName: contactDisplayName(item.address),
    text: contactText(item.code, item.address),
  };
}

function requireTypeScope(caller: Caller, type: ContactType) {
  if (!hasScope(caller.scope, CONTACT_SCOPE[type])) throw new ForbiddenError();
}

/** Carriers belong to the provider; suppliers and recipients to their owner company. */
const ownerOf = (type: ContactType, ownerId: string | null) => (contactTypeRules(type).hasOwner ? ownerId : null);

function listType(q: ListQuery): ContactType {
  const cond = q.filters.find((c) => c.field === 'type');
  const parsed = contactType.safeParse(cond?.values.length === 1 ? cond.values[0] : undefined);
  if (cond?.op !== 'eq' || !parsed.success) {
    throw new QueryError({ 'filter[type]': ['filter[type] must be one of supplier, recipient, carrier.'] });
  }
  return parsed.data;
}

function listOwner(caller: Caller, type: ContactType, q: ListQuery): { id: string | null } | 'all' {
  if (!contactTypeRules(type).hasOwner) return { id: null };
  const id = listedOwner(caller, q.filters);
  return id === undefined ? 'all' : { id };
}

/** owner.segments=B2B keeps the contacts of those segments and those of none (spec 3 §7). */
const segmentCondition = (c: Condition): Condition => ({
  field: 'segment',
  op: 'or',
  values: [...c.values, NULL_LITERAL],
});

/** The list's plan (CONTACT_LIST.indexes): one owner's list of a type, or every owner's; the caller's segments. */
async function plan(caller: Caller, q: ListQuery): Promise<PlannedList<Contact>> {
  const type = listType(q);
  requireTypeScope(caller, type);
  const owner = listOwner(caller, type, q);
  const segments = visibleSegments(caller, type);
  const conditions = q.filters
    .filter((c) => c.field !== 'type' && !(c.field === 'owner.id' && owner !== 'all' && caller.isSuperadmin))
    .map((c) => (c.field === 'owner.segments' ? segmentCondition(c) : c));
  const r = await refs();
  return {
    spec: contactRoutes.contactList.list,
    keySource: contactSource(type, owner),
    keySort: { field: 'code', desc: false },
    sortScope: owner === 'all' ? undefined : contactListScope(type, owner),
    searchScope: contactListScope(type, owner),
    conditions,
    sort: q.sort,
    map: (item) => toContact(contactRecords.parse(item), r),
    id: (c) => c.id,
    words: contactWords,
    visible: segments ? (c) => segments.includes(c.segment) : undefined,
    total: () => countContacts(type, owner, segments ?? [...SEGMENT_CODES, null]),
  };
}

/** The contact list of a type: its page or its export (the export dialog's dates are a creation-date range). */
export async function contactList(caller: Caller, query: ListQuery): Promise<ListAnswer<Contact>> {
  const q = withExportRange(query, 'createdAt');
  return { plan: await plan(caller, q), filename: `${listType(q)}s.csv` };
}

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
  const now = new Date().toISOString();
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

export async function createContact(caller: Caller, input: ContactCreate, recordId = ulid()): Promise<Contact> {
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
    updatedAt: new Date().toISOString(),
  };
  return toContact(await replaceContact(next, current), r);
}
