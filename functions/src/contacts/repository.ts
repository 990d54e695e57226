/**
 * Contacts in the single table (see data/ACCESS-PATTERNS.md):
 *   item         PK T#<owner>                 SK CONTACT#<type>#<code>   the natural key: a conditional put makes codes unique
 *   by id        GSI1PK ID#<id>               GSI1SK CONTACT
 *   all owners   GSI2PK CONTACTS#<type>       GSI2SK <code>#<owner>       the superadmin's cross-tenant list
 *   list sorts   LSnPK T#<owner>#CONTACT#<type> LSnSK <value>#<id>       one sortable column per index (CONTACT_LIST)
 *   search       PK SEARCH#<scope>#<c>        SK <word>#<id>             each word of the contact, in its owner's list
 *                                                                       and in every owner's (scope ALL#…)
 *   totals       PK COUNT#<T#owner|ALL>       SK CONTACT#<type>#<segment|->
 */

import { addressFields } from '@cellar/shared/common/address';
import { clock } from '@cellar/shared/common/clock';
import { type SegmentCode, segmentCode } from '@cellar/shared/common/schemas';
import { CONTACT_LIST } from '@cellar/shared/contacts/routes';
import {
  CONTACT_TYPES,
  type ContactType,
  contactDisplayName,
  contactType,
  contactWords,
  MULTI_SUPPLIER,
} from '@cellar/shared/contacts/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { newId } from '../data/ids';
import { keys } from '../data/keys';
import { queryAll, queryPage, readCounter, type Source } from '../data/table';
import { type FieldMessages, ItemExistsError } from '../errors';

const contactItemSchema = z.object({
  id: z.string(),
  type: contactType,
  code: z.string(),
  ownerId: z.string().nullable(),
  warehouseId: z.string().nullable(),
  segment: segmentCode.nullable(),
  address: addressFields,
  comment: z.string(),
  services: z.array(z.object({ code: z.string(), name: z.string(), isPickupPoint: z.boolean() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ContactItem = z.infer<typeof contactItemSchema>;

const ALL = 'ALL';
const counterName = (type: string, segment: string | null) => `CONTACT#${type}#${segment ?? '-'}`;

/** The partition of one list of contacts: one owner's (or every owner's) contacts of one type. */
export const contactListScope = (type: ContactType, owner: { id: string | null } | 'all') =>
  `${owner === 'all' ? ALL : keys.tenant(owner.id)}#CONTACT#${type}`;

export const contactRecords = defineEntity<ContactItem>({
  name: 'contact',
  schema: contactItemSchema,
  key: (c) => keys.contact(c.ownerId, c.type, c.code),
  indexes: (c) => ({
    GSI1: [keys.byId(c.id), 'CONTACT'],
    GSI2: [keys.contactsOfType(c.type), `${c.code}#${c.ownerId ?? ''}`],
  }),
  counters: (c) => [
    keys.counter(keys.tenant(c.ownerId), counterName(c.type, c.segment)),
    keys.counter(ALL, counterName(c.type, c.segment)),
  ],
  everywhere: () => CONTACT_TYPES.map((type) => contactSource(type, 'all')),
  list: {
    spec: CONTACT_LIST,
    sortScope: (c) => contactListScope(c.type, { id: c.ownerId }),
    row: (c) => ({ ...c, displayName: contactDisplayName(c.address) }),
    search: {
      scopes: (c) => [contactListScope(c.type, { id: c.ownerId }), contactListScope(c.type, 'all')],
      words: contactWords,
    },
  },
});

/** Creates a contact; its code is unique per owner and type. */
export const insertContact = (c: ContactItem, clash: FieldMessages) => contactRecords.insert(c, clash);

export const replaceContact = (next: ContactItem, previous: ContactItem) => contactRecords.replace(next, previous);

export async function findContact(id: string): Promise<ContactItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'CONTACT' }, 1);
  return items[0] ? contactRecords.parse(items[0]) : undefined;
}

/**
 * The owner's multi-supplier entry (MULTI_SUPPLIER), created once: its natural key makes a second call a no-op.
 * Its address is the owner's own, so that the contact form finds every required field filled.
 */
export async function ensureMultiSupplier(owner: { id: string; address: Record<string, unknown> }): Promise<void> {
  const now = clock.iso();
  const at = addressFields.safeParse(owner.address);
  const base = at.success ? at.data : addressFields.parse({});
  try {
    await insertContact(
      {
        id: newId(),
        type: 'supplier',
        code: MULTI_SUPPLIER.code,
        ownerId: owner.id,
        warehouseId: null,
        segment: null,
        address: { ...base, isCompany: true, company: MULTI_SUPPLIER.name, siretNumber: '', exciseNumber: '' },
        comment: '',
        services: [],
        createdAt: now,
        updatedAt: now,
        version: 1,
      },
      {},
    );
  } catch (e) {
    if (!(e instanceof ItemExistsError)) throw e;
  }
}

/** The provider's carriers, by code. */
export async function providerCarriers(): Promise<ContactItem[]> {
  const out: ContactItem[] = [];
  for await (const item of queryAll(contactSource('carrier', { id: null }))) out.push(contactRecords.parse(item));
  return out;
}

/** A list of one type in code order: one owner's partition, or every owner's through GSI2. */
export function contactSource(type: ContactType, owner: { id: string | null } | 'all'): Omit<Source, 'desc'> {
  return owner === 'all'
    ? { index: 'GSI2', pk: keys.contactsOfType(type) }
    : { pk: keys.tenant(owner.id), skPrefix: keys.contactPrefix(type) };
}

/** How many contacts of a type an owner (or everyone) has, within some segments. */
export async function countContacts(
  type: ContactType,
  owner: { id: string | null } | 'all',
  segments: readonly (SegmentCode | null)[],
): Promise<number> {
  const scope = owner === 'all' ? ALL : keys.tenant(owner.id);
  const counts = await Promise.all(segments.map((s) => readCounter(keys.counter(scope, counterName(type, s)))));
  return counts.reduce((a, b) => a + b, 0);
}
