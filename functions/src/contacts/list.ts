/**
 * The contact list and its exports, answered from the list's plan, and the contact as the API shows it.
 */
import { SEGMENT_CODES } from '@cellar/shared/common/schemas';
import { contactRoutes } from '@cellar/shared/contacts/routes';
import {
  type Contact,
  type ContactType,
  contactDisplayName,
  contactText,
  contactType,
  contactTypeRules,
  contactWords,
} from '@cellar/shared/contacts/schemas';
import { NULL_LITERAL } from '@cellar/shared/filter/match';
import { type Condition, type ListQuery, QueryError, says, withExportRange } from '@cellar/shared/filter/query';
import type { Caller } from '../caller/principal';
import { listedOwner } from '../caller/visibility';
import type { PlannedList } from '../data/list';
import { companyRef, type References, references, warehouseRef } from '../data/reference';
import type { ListAnswer } from '../platform/http/lists';
import { type ContactItem, contactListScope, contactRecords, contactSource, countContacts } from './repository';
import { requireTypeScope, visibleSegments } from './visibility';

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

function listType(q: ListQuery): ContactType {
  const cond = q.filters.find((c) => c.field === 'type');
  const parsed = contactType.safeParse(cond?.values.length === 1 ? cond.values[0] : undefined);
  if (cond?.op !== 'eq' || !parsed.success) {
    throw new QueryError({
      'filter[type]': [says('one_of', { param: 'filter[type]', values: 'supplier, recipient, carrier' })],
    });
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
