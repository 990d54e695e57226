/**
 * Contacts in the single table (see data/ACCESS-PATTERNS.md):
 *   item        PK T#<owner>          SK CONTACT#<type>#<code>   the natural key: a conditional put makes codes unique
 *   by id       GSI1PK ID#<id>        GSI1SK CONTACT
 *   all owners  GSI2PK CONTACTS#<type> GSI2SK <code>#<owner>      the superadmin's cross-tenant list
 *   totals      PK COUNT#<T#owner|ALL> SK CONTACT#<type>#<segment|->
 */

import type { Address } from '@cellar/shared/common/address';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { keys } from '../data/keys';
import { addToCounter, type Item, putNew, putVersioned, queryPage, readCounter, type Source } from '../data/table';

export interface ContactItem {
  id: string;
  type: ContactType;
  code: string;
  ownerId: string | null;
  warehouseId: string | null;
  segment: SegmentCode | null;
  address: Address;
  comment: string;
  services: { code: string; name: string; isPickupPoint: boolean }[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

const ALL = 'ALL';
const counterName = (type: string, segment: string | null) => `CONTACT#${type}#${segment ?? '-'}`;

function toItem(c: ContactItem) {
  return {
    ...keys.contact(c.ownerId, c.type, c.code),
    GSI1PK: keys.byId(c.id),
    GSI1SK: 'CONTACT',
    GSI2PK: keys.contactsOfType(c.type),
    GSI2SK: `${c.code}#${c.ownerId ?? ''}`,
    entity: 'contact',
    ...c,
  };
}

export function fromItem(item: Item): ContactItem {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest as unknown as ContactItem;
}

async function count(c: Pick<ContactItem, 'ownerId' | 'type' | 'segment'>, delta: number) {
  const name = counterName(c.type, c.segment);
  await Promise.all([
    addToCounter(keys.counter(keys.tenant(c.ownerId), name), delta),
    addToCounter(keys.counter(ALL, name), delta),
  ]);
}

/** Creates a contact; its code is unique per owner and type. */
export async function insertContact(c: ContactItem, clash: Record<string, string[]>): Promise<void> {
  await putNew(toItem(c), clash);
  await count(c, 1);
}

export async function replaceContact(next: ContactItem, previous: ContactItem): Promise<ContactItem> {
  const saved = await putVersioned(toItem(next), previous.version);
  if (next.segment !== previous.segment) await Promise.all([count(previous, -1), count(next, 1)]);
  return fromItem(saved);
}

export async function findContact(id: string): Promise<ContactItem | undefined> {
  const { items } = await queryPage({ index: 'GSI1', pk: keys.byId(id), skPrefix: 'CONTACT' }, 1);
  return items[0] ? fromItem(items[0]) : undefined;
}

/** Where a list of one type reads from: one owner's partition, or every owner's through GSI2. */
export function contactSource(type: ContactType, owner: { id: string | null } | 'all', desc: boolean): Source {
  return owner === 'all'
    ? { index: 'GSI2', pk: keys.contactsOfType(type), desc }
    : { pk: keys.tenant(owner.id), skPrefix: keys.contactPrefix(type), desc };
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
